import type { FromSchema } from 'json-schema-to-ts'
import { integer, listOf, object, text } from './json.ts'

// Dictionaries, regions and files (SPEC §3, §7 "Dictionaries and configuration"). How to add a type:
// schemas/api/json.ts.

/** SPEC §3 "Dictionary item": the items of GET /common/type/{name}. */
export const dictItemSchema = object({ dictCode: text(50), dictLabel: text(100), dictSort: integer })
export type DictItem = FromSchema<typeof dictItemSchema>

const region = { id: text(12), name: text(50), level: integer } as const

/** A region without its children: a district (level 3), or one step of a region's path. */
export const regionSchema = object(region)
/** The tree has exactly three levels (SPEC §5): only provinces and cities carry subLevel. */
const citySchema = object({ ...region, subLevel: listOf(regionSchema) }, ['subLevel'])
/** A province with its cities and their districts: the items of GET /common/treeRegionByType. */
export const provinceSchema = object({ ...region, subLevel: listOf(citySchema) }, ['subLevel'])

/**
 * SPEC §3 "Region tree node", any level: recursive, so one walker reads every level. Written as a type
 * because FromSchema cannot recurse; tests/unit/api-types.test.ts checks that a province of
 * provinceSchema is one.
 */
export type RegionNode = FromSchema<typeof regionSchema> & { subLevel?: RegionNode[] }

/** One item of GET /common/treeRegion: a region and whether it has children. */
export const regionLevelItemSchema = object({ ...region, hasChildren: { type: 'boolean' } })
export type RegionLevelItem = FromSchema<typeof regionLevelItemSchema>

/** One item of GET /common/treeRegionIn: a region code and its path from the province down. */
export const regionPathSchema = object({ id: text(12), path: listOf(regionSchema) })
export type RegionPath = FromSchema<typeof regionPathSchema>

/** POST /common/upload data: where the stored file is served, and what the client called it. */
export const uploadedFileSchema = object({ url: text(200), fileName: text(255), size: integer })
export type UploadedFile = FromSchema<typeof uploadedFileSchema>

/** The data of a route that creates one row (an address, a landing sign-up): its id. */
export const createdIdSchema = object({ id: integer })
export type CreatedId = FromSchema<typeof createdIdSchema>
