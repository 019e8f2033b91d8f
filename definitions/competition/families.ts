/**
 * The API families of SPEC §7 "Competition". Every competition talks to the shared endpoints
 * (getInfo, works/getInfo, property right, display board, adviser, price, certificates…); a family
 * names the paths that differ: where the registration is read and saved, where works are listed,
 * added, completed and deleted, and where the entry is finalised ("auth").
 *
 * A definition picks one by name (`"api": "qt"`); the SPA calls these paths and the server accepts a
 * family's own paths only for competitions of that family.
 */
export interface ApiFamily {
  /** Shown to staff in errors and competitions/README.md. */
  label: string
  registration: { get: string; save: string }
  works: {
    list: string
    /** Creates a work with its base info, or updates it when the payload carries `id`. */
    add: string
    /** Saves the work-info step (design statement, team). */
    saveInfo: string
    delete: string
  }
  /** Finalises the entry (确认提交): refused while a required fee is unpaid. */
  auth: string
}

const TB = '/tbCompetitionInfo'

const standard: ApiFamily = {
  label: '默认接口（/tbCompetitionInfo/…）',
  registration: { get: `${TB}/user/getInfoByCompetitionId`, save: `${TB}/user/add` },
  works: {
    list: `${TB}/works/selectWorksAll`,
    add: '/works/add',
    saveInfo: '/works/add',
    delete: `${TB}/deleteWork`,
  },
  auth: `${TB}/auth`,
}

const qt: ApiFamily = {
  label: '青苔接口（/QT/…）',
  registration: { get: '/QT/user/getInfoByCompetitionId', save: `${TB}/QT/user/add` },
  works: {
    list: '/QT/works/getWorksByCompetitionId',
    add: '/works/add',
    saveInfo: '/QT/work/saveWorkInfo',
    delete: '/QT/works/deleteWorks',
  },
  auth: `${TB}/auth`,
}

export const API_FAMILIES = {
  default: standard,
  qt,
  qt2025: {
    ...qt,
    label: '2025 青苔接口（作品提交 /2025QT/works/add）',
    works: { ...qt.works, add: '/2025QT/works/add' },
  },
  zcck: {
    ...standard,
    label: '智造创客接口（作品提交 /ZCCK/works/add）',
    works: { ...standard.works, add: '/ZCCK/works/add' },
  },
  young2025: { ...standard, label: '青年设计师接口（确认提交 /auth2025young）', auth: '/auth2025young' },
} as const satisfies Record<string, ApiFamily>

export type ApiFamilyName = keyof typeof API_FAMILIES
export const API_FAMILY_NAMES = Object.keys(API_FAMILIES) as ApiFamilyName[]

/** The shared endpoints every family uses (SPEC §7). */
export const COMPETITION_API = {
  info: `${TB}/getInfo`,
  /** Beyond the old portal: every active competition, live ones first (home page, search). */
  list: `${TB}/list`,
  work: `${TB}/works/getInfo`,
  propertyRight: `${TB}/works/updateWorkPropertyRight`,
  displayBoard: `${TB}/works/updateDisplayBoard`,
  adviser: `${TB}/works/getAdviser`,
  saveAdviser: `${TB}/works/saveAdviser`,
  authPrice: `${TB}/getAuthPrice`,
  userCertificate: `${TB}/getUserCertificate`,
  ranges: '/common/type/sys_competition_range',
  rangesById: `${TB}/type/sys_competition_range`,
  companyTypes: '/common/type/competition_company_type',
  qtTypes: '/common/type/data/qtType',
  qtTypeShow: '/common/type/competition_qt_type_show',
  applyMoney: '/common/getConfig/competition.apply.money',
  coOrganizers: '/common/NYDCtreeCoOrganizer',
  supportUnits: '/common/supportUnits',
  postCertificate: '/logistics/competitionCertificate',
  postCertificateNoPay: '/logistics/competitionCertificateNoPay',
  myCompetitions: '/user/getCompetition',
  /** Beyond the old portal: an unfinished form, saved as the entrant types (resumable anywhere). */
  draft: `${TB}/draft`,
  /** Beyond the old portal: pays the entry fee through the payment service (method in the path). */
  pay: `${TB}/pay`,
  /** Beyond the old portal: the entry receipt of a finalised entry (owner only), and its A4 PDF. */
  receipt: `${TB}/receipt`,
  receiptPdf: `${TB}/receipt/pdf`,
  /** Beyond the old portal: public check of an entry receipt by its number. */
  receiptVerify: `${TB}/receipt/verify`,
  /** Beyond the old portal: the competition certificate's A4 PDF (owner only) and its public check. */
  userCertificatePdf: `${TB}/getUserCertificate/pdf`,
  certificateVerify: `${TB}/certificate/verify`,
} as const
