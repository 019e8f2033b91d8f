import type { FastifyInstance } from 'fastify'
import type { CompetitionRegistry } from '../competitions.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The competitions of the definition files, in memory (services/competitions.ts). */
    competitions: CompetitionRegistry
  }
}

/** Gives the instance its competitions (read by the competition, event and receipt routes). */
export function decorateCompetitions(app: FastifyInstance, registry: CompetitionRegistry): void {
  app.decorate('competitions', registry)
}
