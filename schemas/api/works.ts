import type { FromSchema } from 'json-schema-to-ts'
import { anyText, integer, listOf, object, text } from './json.ts'

// Rights-confirmed works (SPEC §2 "Cards", "Work registration detail view"; §3 "Work (card)",
// "Work detail", "File entry", "Creator"). How to add a type: schemas/api/json.ts.

/** One file of a work (§3 File entry): the primary work file (filePrimary 1) or a description image (0). */
export const workFileSchema = object(
  {
    fileUrl: anyText,
    fileOgName: text(255),
    /** 1 the work file itself, 0 a description image. */
    filePrimary: integer,
    /** The text of a text work (fileType 3), for the detail view; only on the primary file. */
    txt: anyText,
    /** Image files: a 280-wide WebP for galleries. */
    thumbUrl: anyText,
    /**
     * Image files: what the detail view shows and enlarges (a 1600-wide WebP; a gif as uploaded, so it
     * still moves). Absent for an image the server cannot draw (an eps without a preview): the view
     * then offers the file for download.
     */
    previewUrl: anyText,
  },
  ['txt', 'thumbUrl', 'previewUrl'],
)
export type WorkFile = FromSchema<typeof workFileSchema>

/** The creator shown on a work (§3 Creator, userBaseVO). Codes become labels in the browser. */
export const workCreatorSchema = object(
  {
    id: integer,
    username: text(50),
    profilePhoto: anyText,
    evaluateStandard: text(20),
    cityId: text(20),
    /** Province and city names. */
    cityNames: listOf(anyText),
    /** Dictionary code of sys_professional_type. */
    professional: text(20),
    /**
     * Whether the creator has a page in the designer directory (a certified designer). Beyond SPEC §3:
     * the card of a creator without one leads to their works instead of a page that does not exist.
     */
    inDirectory: { type: 'boolean' },
  },
  ['profilePhoto', 'evaluateStandard', 'cityId', 'professional', 'inDirectory'],
)
export type WorkCreator = FromSchema<typeof workCreatorSchema>

/**
 * A work card (§3 Work (card)), as listed by the works directory and /mine?change=Work.
 * fileUrl is the cover: for image works a 280-wide thumbnail, otherwise a placeholder picked by type.
 */
export const workCardSchema = object(
  {
    id: integer,
    fileUrl: anyText,
    worksName: text(100),
    /** sys_works_type dictionary code. */
    worksType: text(20),
    /** 1 image, 2 video, 3 text, 4 file. */
    fileType: integer,
    userId: integer,
    userName: text(50),
    profilePhoto: anyText,
    createTime: text(32),
  },
  ['profilePhoto'],
)
export type WorkCard = FromSchema<typeof workCardSchema>

/**
 * GET /works/show/{id} (§3 Work detail). The registration panel's fields (fileSize, org,
 * certificateStorageNo, certificateUrl, packageUrl) are present only for the owner, together with
 * mine: true; everyone else gets worksHash and no panel data.
 */
export const workDetailSchema = object(
  {
    id: integer,
    mine: { type: 'boolean' },
    worksName: text(100),
    worksType: text(20),
    worksHashTime: text(32),
    worksHash: text(64),
    worksAbstract: anyText,
    /** Comma-separated. */
    tag: anyText,
    /** 1 image, 2 video, 3 text, 4 file. */
    fileType: integer,
    /** Deposit size in KB. */
    fileSize: integer,
    org: anyText,
    userName: text(50),
    certificateStorageNo: text(64),
    certificateUrl: anyText,
    packageUrl: anyText,
    /** The public verification address the QR code carries. */
    qrCodeUrl: anyText,
    filesList: listOf(workFileSchema),
    userBaseVO: workCreatorSchema,
  },
  [
    'worksAbstract',
    'tag',
    'worksHash',
    'fileSize',
    'org',
    'certificateStorageNo',
    'certificateUrl',
    'packageUrl',
  ],
)
export type WorkDetail = FromSchema<typeof workDetailSchema>

/** POST /works/verify: whether a hash (given, or of an uploaded file) matches a registered work. */
export const workVerificationSchema = object(
  {
    hash: text(64),
    matched: { type: 'boolean' },
    /** What matched: the work file's own SHA-256, or the rights statement's (worksHash). */
    matchedBy: text(20),
    worksId: integer,
    worksName: text(100),
    userName: text(50),
    worksHashTime: text(32),
    certificateStorageNo: text(64),
  },
  ['matchedBy', 'worksId', 'worksName', 'userName', 'worksHashTime', 'certificateStorageNo'],
)
export type WorkVerification = FromSchema<typeof workVerificationSchema>
