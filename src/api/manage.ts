import type {
  CertificateReissue,
  PostStatus,
  StaffCertificate,
  StaffCertificatePost,
} from '../../schemas/api/competition.ts'
import type { DefinitionReload, DefinitionReloadRecord } from '../../schemas/api/definitions.ts'
import type {
  MessagePreview,
  MessagePreviewBody,
  MessageSendBody,
  MessageSent,
  MessagesPage,
} from '../../schemas/api/entrant-messages.ts'
import type { JudgingAssignment, ManageJudgingRound } from '../../schemas/api/judging.ts'
import type {
  CheckInRow,
  ExportFile,
  ManageCompetition,
  ManageEntry,
  ManageEntryRow,
  ModerationResult,
  PageCount,
  RefundCaseRow,
  SignupRow,
  StaffMe,
} from '../../schemas/api/manage.ts'
import type {
  AuditEntry,
  JudgeRoundsChange,
  RoleChange,
  StaffRole,
  StaffRoleRow,
} from '../../schemas/api/staff.ts'
import { getData, getTable, postData } from './http.ts'

export type {
  AuditEntry,
  CertificateReissue,
  CheckInRow,
  DefinitionReload,
  DefinitionReloadRecord,
  ExportFile,
  JudgeRoundsChange,
  JudgingAssignment,
  ManageCompetition,
  ManageEntry,
  ManageEntryRow,
  ManageJudgingRound,
  MessagePreview,
  MessagesPage,
  PageCount,
  PostStatus,
  RefundCaseRow,
  SignupRow,
  StaffCertificate,
  StaffCertificatePost,
  StaffMe,
  StaffRole,
  StaffRoleRow,
}

/**
 * The organisers' console (README "Organisers' console"). A refusal (无权访问) is shown where it
 * happens rather than signing the visitor out: only /staff/me, which any signed-in account may ask,
 * leads a lapsed session to the login page.
 */
const STAFF = { skipAuthRedirect: true } as const
type Params = Record<string, string | number | undefined>

export const getStaffMe = () => getData<StaffMe>('/staff/me')

export const listManageCompetitions = (competitionId?: number) =>
  getData<ManageCompetition[]>('/manage/competitions', { ...STAFF, params: { competitionId } })

export const listEntries = (params: Params) =>
  getTable<ManageEntryRow>('/manage/entries', { ...STAFF, params })

export const getEntry = (competitionId: number, entryId: number) =>
  getData<ManageEntry>('/manage/entry', { ...STAFF, params: { competitionId, entryId } })

export const moderateEntry = (
  action: 'return' | 'disqualify' | 'reinstate',
  body: { competitionId: number; entryId: number; reason: string },
) => postData<ModerationResult>(`/manage/entry/${action}`, body, STAFF)

export const listLandingPages = () => getData<PageCount[]>('/manage/landing-pages', STAFF)
export const listEventPages = () => getData<PageCount[]>('/manage/events', STAFF)
export const listLandingSignups = (params: Params) =>
  getTable<SignupRow>('/manage/landing-signups', { ...STAFF, params })
export const listEventEntries = (params: Params) =>
  getTable<SignupRow>('/manage/event-entries', { ...STAFF, params })
export const listCheckIns = (params: Params) =>
  getTable<CheckInRow>('/manage/event-check-ins', { ...STAFF, params })
export const listRefundCases = (params: Params) =>
  getTable<RefundCaseRow>('/manage/refund-cases', { ...STAFF, params })

export const listStaffRoles = () => getData<StaffRoleRow[]>('/manage/staff/roles', STAFF)
export const changeRole = (
  action: 'grant' | 'revoke',
  body: { account: string; role: StaffRole; competitionId?: number },
) => postData<RoleChange>(`/manage/staff/${action}`, body, STAFF)
/**
 * A judge's round seats in a competition: null every round, a list those rounds, [] none (revoked);
 * `add` adds them to the seats held (a grant).
 */
export const setJudgeRounds = (body: {
  account: string
  competitionId: number
  roundIds: string[] | null
  add?: boolean
}) => postData<JudgeRoundsChange>('/manage/staff/judge-rounds', body, STAFF)
export const listAudit = (params: Params) => getTable<AuditEntry>('/manage/audit', { ...STAFF, params })

/** The exports of a competition (XLSX of entries, ZIP of works' files), made in the background. */
export const listExports = (competitionId: number) =>
  getData<ExportFile[]>(`/manage/competitions/${competitionId}/exports`, STAFF)
export const requestExport = (competitionId: number, kind: ExportFile['kind']) =>
  postData<ExportFile>(`/manage/competitions/${competitionId}/exports`, { kind }, STAFF)
/** A ready export's download: a plain link, the session cookie signs it. */
export const exportFileUrl = (file: Pick<ExportFile, 'competitionId' | 'id'>) =>
  `/api/manage/competitions/${file.competitionId}/exports/${file.id}/file`

/** Judging (README "Organisers and judges"): each round's judges and loads, and running its assignment. */
export const listJudgingRounds = (competitionId: number) =>
  getData<ManageJudgingRound[]>('/manage/judging/rounds', { ...STAFF, params: { competitionId } })
export const assignRound = (body: { competitionId: number; roundId: string }) =>
  postData<JudgingAssignment>('/manage/judging/assign', body, STAFF)

/** Competition certificates: the issued numbers, a re-issue after a correction, the posting requests. */
export const listCertificates = (params: Params) =>
  getTable<StaffCertificate>('/manage/certificates', { ...STAFF, params })
export const reissueCertificate = (body: {
  competitionId: number
  account: string
  reason: string
  number: string
}) => postData<CertificateReissue>('/manage/certificates/reissue', body, STAFF)
export const listCertificatePosts = (competitionId: number, status?: PostStatus) =>
  getData<StaffCertificatePost[]>('/manage/certificates/posts', {
    ...STAFF,
    params: { competitionId, status },
  })
export const shipCertificate = (body: {
  competitionId: number
  account: string
  carrier: string
  trackingNumber: string
}) => postData<StaffCertificatePost>('/manage/certificates/ship', body, STAFF)

/** Messages to entrants (README "Organisers' console"): the page, a preview, and the confirmed send. */
export const getMessagesPage = (competitionId: number) =>
  getData<MessagesPage>('/manage/messages', { ...STAFF, params: { competitionId } })
export const previewMessage = (body: MessagePreviewBody) =>
  postData<MessagePreview>('/manage/messages/preview', body, STAFF)
export const sendMessage = (body: MessageSendBody) =>
  postData<MessageSent>('/manage/messages/send', body, STAFF)

/** The definition files read again on every instance, or nothing when any fails the check (admins). */
export const reloadDefinitions = () => postData<DefinitionReload>('/manage/definitions/reload', {}, STAFF)

export const listDefinitionReloads = () =>
  getData<DefinitionReloadRecord[]>('/manage/definitions/reloads', STAFF)
