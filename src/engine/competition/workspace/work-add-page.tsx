import { Navigate } from 'react-router'
import { useCompetition } from '../route.tsx'
import { WorkBaseForm } from './work-base-page.tsx'

/** /:competition/base/works/add — another work, where the definition allows adding (works.add). */
export function Component() {
  const competition = useCompetition()
  if (!competition.works.add) return <Navigate to="/404" replace />
  return <WorkBaseForm competition={competition} work={null} />
}
