// The module itself, not the package index: the index builds a default ajv on import, which would
// land in the one-off timing below.
import customizeValidator from '@rjsf/validator-ajv8/lib/customizeValidator.js'
import { VALIDATOR_OPTIONS } from '../schemas/ajv-options.ts'
import { realname } from '../schemas/forms/realname.ts'
import precompiled from '../schemas/generated/realname.validator.js'
import { normalize, type ValidatorMap, validateForm } from '../schemas/validate.ts'
import { int, table } from './format.ts'

export const WARMUP = 5_000
export const ITERATIONS = 200_000
/** ITERATIONS split into this many batches per validator, alternating between the two. */
export const BATCHES = 10

type Validate = ValidatorMap[string]

const VALID_FORM = {
  username: '林晓',
  identityType: '1',
  identity: '11010519900307123X',
  cityId: '320505',
  professional: '1',
  professionalName: '产品设计师',
  read: true,
}

/** Five bad fields, each failing a different keyword: maxLength, format, pattern, required, const. */
const INVALID_FORM = {
  username: '林'.repeat(31),
  identityType: '1',
  identity: '12345',
  cityId: '3205',
  professional: '1',
  professionalName: '  ',
  read: false,
}

const ms = (ns: bigint) => (Number(ns) / 1e6).toFixed(1)

/**
 * What a page would do without precompiled code: RJSF's own runtime ajv (its AJV_CONFIG: allErrors,
 * verbose, strict off) with our formats and ajv-errors, compiling the schema once. Both steps are
 * timed, since a browser would pay them on every page load.
 */
function runtimeValidator(): { validate: Validate; createNs: bigint; compileNs: bigint } {
  const t0 = process.hrtime.bigint()
  const { ajv } = customizeValidator(VALIDATOR_OPTIONS)
  const t1 = process.hrtime.bigint()
  // A clone: ajv annotates what it compiles, and the schema module is shared with the precompiler.
  const validate = ajv.compile(structuredClone(realname.schema) as object)
  const t2 = process.hrtime.bigint()
  return { validate: validate as Validate, createNs: t1 - t0, compileNs: t2 - t1 }
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * µs per call of each validator on `data`, as the median over batches taken in turn: on two cores
 * shared with other work, a burst of load then lands on one batch of each side, not on one side.
 * A validate function stores its errors on itself, so the engine cannot drop a call as dead code.
 */
function usPerValidation(validators: Validate[], data: unknown): number[] {
  for (const validate of validators) for (let i = 0; i < WARMUP; i++) validate(data)
  const batches: number[][] = validators.map(() => [])
  const size = ITERATIONS / BATCHES
  for (let b = 0; b < BATCHES; b++) {
    validators.forEach((validate, v) => {
      const start = process.hrtime.bigint()
      for (let i = 0; i < size; i++) validate(data)
      batches[v]!.push(Number(process.hrtime.bigint() - start) / size / 1000)
    })
  }
  return batches.map(median)
}

/** Prints section (c) and returns whether the two validators disagree on any input. */
export function reportValidationSpeed(): boolean {
  const runtime = runtimeValidator()
  const inputs = [
    { label: 'valid form', data: normalize('realname', VALID_FORM) },
    { label: 'invalid form', data: normalize('realname', INVALID_FORM) },
  ]
  const generated = precompiled[realname.schema.$id]
  if (!generated) throw new Error('no precompiled realname validator: run npm run compile:validators')
  const validators = { precompiled: generated, runtime: runtime.validate }

  let disagree = false
  const rows: string[][] = []
  for (const { label, data } of inputs) {
    // The shared reading of errors on both sides: same validity is the minimum, same messages the aim.
    const pre = validateForm('realname', { realname: validators.precompiled }, data)
    const run = validateForm('realname', { realname: validators.runtime }, data)
    const preValid = validators.precompiled(data)
    const runValid = validators.runtime(data)
    const sameMessages = JSON.stringify(pre) === JSON.stringify(run)
    if (preValid !== runValid || !sameMessages) {
      disagree = true
      console.log(`${label}: precompiled valid=${preValid} ${JSON.stringify(pre)}`)
      console.log(`${label}: runtime     valid=${runValid} ${JSON.stringify(run)}`)
    }
    const bad = Object.keys(pre).length
    const [preUs = 0, runUs = 0] = usPerValidation([validators.precompiled, validators.runtime], data)
    rows.push([
      bad ? `${label} (${bad} bad fields)` : label,
      preValid ? 'yes' : 'no',
      preUs.toFixed(3),
      runUs.toFixed(3),
      (runUs / preUs).toFixed(2),
    ])
  }

  console.log('Real-name form validation, µs per call (the same normalized input on every call)')
  console.log(
    `  timing: ${int(WARMUP)} warm-up calls, then ${int(ITERATIONS)} per validator in ${BATCHES} ` +
      'alternating batches; the median batch',
  )
  console.log('  precompiled: schemas/generated/realname.validator.js (ajv standalone code)')
  console.log(
    `  runtime ajv: customizeValidator(VALIDATOR_OPTIONS) ${ms(runtime.createNs)} ms, ` +
      `then ajv.compile(realnameSchema) once ${ms(runtime.compileNs)} ms (not in the timings)`,
  )
  console.log(table(['input', 'valid', 'precompiled µs', 'runtime µs', 'runtime/precompiled'], rows))
  console.log(
    disagree
      ? 'the two validators DISAGREE: their timings do not compare like for like'
      : 'both validators give the same validity and the same messages for each input',
  )
  return disagree
}
