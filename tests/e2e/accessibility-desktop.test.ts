import { sweepAccessibility } from './accessibility-sweep.ts'

// WCAG 2.2 AA on every route and open dialog at 1366 px, a desktop's width (tests/e2e/accessibility-sweep.ts).
sweepAccessibility(1366)
