// The server's map of every form's validators is generated from the registry (schemas/forms/index.ts)
// by scripts/compile-validators.ts; this module keeps the short import path.
export { PRECOMPILED } from './generated/index.ts'
