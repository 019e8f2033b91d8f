import { sweepAccessibility } from './accessibility-sweep.ts'

// WCAG 2.2 AA on every route and open dialog at 375 px, a phone's width (tests/e2e/accessibility-sweep.ts).
sweepAccessibility(375)
