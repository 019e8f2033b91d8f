import fs from 'node:fs'
import path from 'node:path'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import type { FastifyContextConfig, FastifyInstance, FastifySchema, HTTPMethods } from 'fastify'
import type { FastifySchemaValidationError } from 'fastify/types/schema.ts'
import { TOKEN_COOKIE } from '../../schemas/contract.ts'
import { fieldsOf } from '../../schemas/validate.ts'
import { FORM_KEYWORD, HANDLER_VALIDATED } from '../lib/route-schema.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (method, URL, schema): what the docs and fuzz tests walk. */
    routeCatalog: RouteEntry[]
  }
}

export interface RouteEntry {
  method: HTTPMethods
  url: string
  schema?: FastifySchema & { hide?: boolean }
  /** The route's own settings (server/plugins/auth.ts reads `sessionCookie`, `changesState`…). */
  config?: FastifyContextConfig
}

export const DOCS_PREFIX = '/api/docs'

const PACKAGE_VERSION: string = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'),
).version

/** Fastify's own ajv options (@fastify/ajv-compiler defaults), so query and path parameters coerce alike. */
const ajv = new Ajv({
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  allErrors: false,
  strictSchema: false,
  // A handler-read body is checked for the types of its fields only, without requiring an object.
  strictTypes: false,
})
addFormats(ajv)

type Validate = (data: unknown) => boolean | { error: Error }
const accept: Validate = () => true

/**
 * Validation of every route's request parts. Query strings, path parameters and plain bodies go
 * through ajv as Fastify would. A form body (formBody in server/lib/route-schema.ts) is left to the
 * handler's parseForm, which answers with the form's §5 Chinese messages; only the extra fields the
 * route declares beside the form are checked here. A body the handler reads itself (handlerBody:
 * multipart, the reset-code phone) gets only the types of its declared fields checked.
 */
function compileValidator({ schema, httpPart }: { schema: Record<string, unknown>; httpPart?: string }) {
  if (httpPart === 'body' && schema[HANDLER_VALIDATED]) {
    // The handler checks the values; a declared field of the wrong kind (an object where text is
    // expected, which String() cannot even convert) never reaches it. Nothing else is enforced here.
    const properties = (schema.properties ?? {}) as Record<string, { type?: unknown }>
    const kinds = Object.entries(properties).map(([name, field]) => [name, { type: field.type }])
    return kinds.length ? wrap(ajv.compile({ properties: Object.fromEntries(kinds) })) : accept
  }
  if (httpPart === 'body' && typeof schema[FORM_KEYWORD] === 'string') {
    const formFields = new Set(fieldsOf(schema[FORM_KEYWORD] as Parameters<typeof fieldsOf>[0]))
    const properties = schema.properties as Record<string, unknown>
    const extra = Object.entries(properties).filter(([name]) => !formFields.has(name))
    if (!extra.length) return accept
    return wrap(ajv.compile({ type: 'object', properties: Object.fromEntries(extra) }))
  }
  return wrap(ajv.compile(schema))
}

/**
 * ajv coerces "1e309" or "Infinity" in a query to Infinity and then lets it pass `type: integer` and
 * `maximum` alike; a page number of Infinity reached SQL as LIMIT/OFFSET and failed with a 500. No
 * parameter of this API is infinite: one that coerced to it fails validation like any other bad value.
 */
function infiniteField(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined
  for (const [name, value] of Object.entries(data)) {
    if (typeof value === 'number' && !Number.isFinite(value)) return name
  }
  return undefined
}

function wrap(validate: ReturnType<Ajv['compile']>): Validate {
  return (data) => {
    const infinite = validate(data) ? infiniteField(data) : undefined
    if (validate.errors === null && infinite === undefined) return true
    if (infinite !== undefined) {
      const error = new Error('schema validation failed') as Error & {
        validation: FastifySchemaValidationError[]
      }
      error.validation = [
        {
          keyword: 'maximum',
          instancePath: `/${infinite}`,
          schemaPath: '',
          params: {},
          message: 'must be finite',
        },
      ]
      return { error }
    }
    const error = new Error('schema validation failed') as Error & {
      validation: FastifySchemaValidationError[]
    }
    error.validation = (validate.errors ?? []) as FastifySchemaValidationError[]
    return { error }
  }
}

/**
 * Registered on the root before any route: the validator compiler above, the route catalog, and the
 * OpenAPI document (@fastify/swagger collects routes as they are added). The browsable page is served
 * at /api/docs and the document at /api/docs/json (@fastify/swagger-ui, under the site's CSP).
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler((route) => {
    // Shared schemas (app.addSchema on the root) are what a route's $ref may point at.
    for (const [id, schema] of Object.entries(app.getSchemas())) {
      if (!ajv.getSchema(id)) ajv.addSchema(schema as object) // Fastify insists on a $id
    }
    return compileValidator({ schema: route.schema as Record<string, unknown>, httpPart: route.httpPart })
  })
  const catalog: RouteEntry[] = []
  app.decorate('routeCatalog', catalog)
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods)
      catalog.push({ method, url: route.url, schema: route.schema, config: route.config })
  })

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '咖簿网 API',
        version: PACKAGE_VERSION,
        description:
          '所有接口返回 SPEC §7 的信封 {code, msg, data}：业务结果一律 HTTP 200，以 code 区分成败；' +
          '无法读取的请求（格式、大小、超时）保留其 HTTP 状态码。',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <token>' },
          tokenQuery: { type: 'apiKey', in: 'query', name: 'token' },
          tokenCookie: { type: 'apiKey', in: 'cookie', name: TOKEN_COOKIE },
        },
      },
    },
  })
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The UI would otherwise send the document to validator.swagger.io, which the CSP forbids.
    uiConfig: { validatorUrl: null, docExpansion: 'list', deepLinking: true },
  })
}
