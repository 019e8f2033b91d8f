import type { Generated } from 'kysely'

/**
 * Table types for Kysely. Timestamps are ISO-8601 strings and flags are 0/1 integers so one set of
 * migrations and queries behaves the same on SQLite and PostgreSQL.
 */
export interface UserTable {
  id: Generated<number>
  account: string
  email: string | null
  password_hash: string
  username: string
  nickname: string | null
  profile_photo: string | null
  /** Balance in fen (1/100 yuan), so money never passes through floating point. */
  money_fen: number
  integral: number
  created_at: string
  /** Set once the account has signed in with WeChat (or was made by it). */
  wechat_openid: string | null
  /** Handed out on first use of the invite panel (GET /my/getInviteInfo). */
  invite_code: string | null
  invited_by: number | null
}

export interface SessionTable {
  id: Generated<number>
  user_id: number
  /** sha256 of the token: a leaked database does not hand out live sessions. */
  token_hash: string
  created_at: string
  expires_at: string
  revoked_at: string | null
}

export interface MenuTable {
  id: Generated<number>
  key: string
  title: string
  url: string
  hot: number
  sort: number
}

export interface PartnerTable {
  id: Generated<number>
  key: string
  name: string
  logo: string
  url: string | null
  sort: number
}

export interface RegionTable {
  id: string
  parent_id: string | null
  name: string
  level: number
}

export interface DictionaryTable {
  id: Generated<number>
  dict_type: string
  dict_code: string
  dict_label: string
  dict_sort: number
}

export interface RealnameAuthTable {
  user_id: number
  username: string
  identity_type: string
  identity_digest: string
  identity_sealed: string
  identity_masked: string
  gender: string | null
  birthday: string | null
  city_id: string
  professional: string
  professional_name: string
  rights_eligible: number
  created_at: string
}

export interface FileTable {
  /** `<sha256>.<ext>`: the name in the URL and on disk. */
  name: string
  sha256: string
  mime: string
  size: number
  original_name: string
  owner_id: number
  created_at: string
}

/** Who uploaded a stored file: a content uploaded by several users has a row for each. */
export interface FileUploadTable {
  name: string
  user_id: number
  created_at: string
}

export interface AddressTable {
  id: Generated<number>
  user_id: number
  user_name: string
  phone: string
  city_id: string
  address: string
  is_default: number
  created_at: string
}

export interface VerificationCodeTable {
  id: Generated<number>
  /** A phone number or an email address. */
  recipient: string
  purpose: string
  code_hash: string
  attempts: number
  created_at: string
  expires_at: string
  used_at: string | null
}

export interface SmsOutboxTable {
  id: Generated<number>
  phone: string
  body: string
  created_at: string
  /** Tries so far, each claimed before it is made (migration 0027, README "Messages"). */
  attempts: Generated<number>
  /** Not tried again before this: the lease of the try under way, or the wait after a failure. */
  next_attempt_at: string | null
  sent_at: string | null
  /** Given up on: too many failures, or too old to be worth sending. */
  failed_at: string | null
  last_error: string | null
}

/** The e-mail twin of sms_outbox, delivered the same way. */
export interface EmailOutboxTable {
  id: Generated<number>
  email: string
  subject: string
  body: string
  created_at: string
  /** Tries so far, each claimed before it is made (migration 0027, README "Messages"). */
  attempts: Generated<number>
  /** Not tried again before this: the lease of the try under way, or the wait after a failure. */
  next_attempt_at: string | null
  sent_at: string | null
  /** Given up on: too many failures, or too old to be worth sending. */
  failed_at: string | null
  last_error: string | null
}

export interface LandingSignupTable {
  id: Generated<number>
  slug: string
  form: string
  phone: string
  data: string
  user_id: number | null
  created_at: string
}

export interface EventEntryTable {
  id: Generated<number>
  slug: string
  user_id: number
  form: string
  phone: string
  data: string
  created_at: string
}

export interface EventCheckInTable {
  id: Generated<number>
  slug: string
  name: string
  phone: string
  created_at: string
}

export interface RateLimitTable {
  key: string
  /** ISO time the current window opened; a claim after window_start + window opens a new one. */
  window_start: string
  count: number
}

/** One counter per cached reference table, bumped by triggers (migration 0005). */
export interface ReferenceVersionTable {
  name: string
  version: number
}

export interface OrderTable {
  id: Generated<number>
  order_number: string
  user_id: number
  product: string
  amount_fen: number
  method: number
  status: number
  provider: string
  provider_trade_no: string | null
  created_at: string
  expires_at: string
  paid_at: string | null
  /** The competition whose entry fee a 'competition' order pays (migration 0009); null otherwise. */
  competition_id?: number | null
}

export interface LedgerTable {
  id: Generated<number>
  user_id: number
  order_id: number | null
  kind: 'money' | 'integral'
  /** Signed: fen for money rows, points for integral rows. */
  amount: number
  balance_after: number
  memo: string
  created_at: string
}

/**
 * A payment the portal took but that bought nothing, so its money is owed back by the provider's
 * refund (migration 0016): today a second paid QR or online order for an entry fee already paid.
 */
export interface RefundCaseTable {
  id: Generated<number>
  /** One case per order. */
  order_id: number
  user_id: number
  amount_fen: number
  /** Why it is owed: 'duplicate_entry_fee'. */
  reason: string
  competition_id: number | null
  /** 'open' until staff record the refund, then 'refunded'. */
  status: 'open' | 'refunded'
  created_at: string
  resolved_at: string | null
  /** What staff noted when resolving it (the provider's refund number, say). */
  resolution_note: string | null
}

export interface CertificationTable {
  user_id: number
  number: string
  level: string
  valid_from: string
  valid_until: string
  created_at: string
  updated_at: string
}

export interface ResumeTable {
  user_id: number
  /** The resume form (schemas/forms/resume.ts) as validated JSON. */
  data: string
  updated_at: string
}

/** Synced from competitions/*.json at start (services/competitions.ts); never written by requests. */
export interface CompetitionTable {
  id: number
  slug: string
  title: string
  year: number
  api: string
  registration_opens: string
  registration_closes: string
  submission_deadline: string
  results: string
  fee_fen: number | null
  fee_source: string | null
  pay_required: number
  works_max: number
  definition: string
  active: number
  created_at: string
  updated_at: string
}

export interface CompetitionRegistrationTable {
  id: Generated<number>
  competition_id: number
  user_id: number
  entrant_type: string
  company_type: string
  qt_type: string | null
  data: string
  works_count: Generated<number>
  paid_order_id: number | null
  paid_at: string | null
  finalised_at: string | null
  /** Migration 0021: null, 'returned' or 'disqualified' (README "Organisers' console"). */
  moderation: string | null
  moderation_reason: string | null
  moderated_at: string | null
  created_at: string
  updated_at: string
}

export interface CompetitionWorkTable {
  id: Generated<number>
  competition_id: number
  user_id: number
  registration_id: number
  base: string
  info: string | null
  adviser: string | null
  property_right: string | null
  display_board: string | null
  created_at: string
  updated_at: string
  deleted_at: string | null
}

export interface CompetitionDraftTable {
  id: Generated<number>
  user_id: number
  competition_id: number
  form_key: string
  work_id: number
  data: string
  updated_at: string
}

export interface CompetitionCertificatePostTable {
  id: Generated<number>
  user_id: number
  competition_id: number
  address: string
  postage_paid: number
  created_at: string
  /** requested | paid | shipped (null on rows older than migration 0022: read as requested). */
  status: string | null
  postage_fen: number | null
  order_number: string | null
  paid_at: string | null
  carrier: string | null
  tracking_number: string | null
  shipped_at: string | null
}

/** An issued competition certificate number (services/competition/certificate-records.ts). */
export interface CompetitionCertificateTable {
  id: Generated<number>
  number: string
  user_id: number
  competition_id: number
  registration_id: number
  /** The registration while this is its current certificate; null once superseded. */
  current_registration_id: number | null
  award: string | null
  /** JSON text: the merge-field values as issued. */
  fields: string
  template: string
  issued_at: string
  superseded_by: string | null
  superseded_at: string | null
  reason: string | null
}

/** The site-wide search index (server/services/search-index.ts). */
export interface SearchDocTable {
  id: Generated<number>
  kind: string
  ref_id: string
  title: string
  snippet: string
  url: string
  tokens: string
  rank: Generated<number>
}

/** Editorial content (migration 0013, server/routes/articles.ts). */
export interface NewsArticleTable {
  id: Generated<number>
  slug: string
  title: string
  type: string
  cover: string
  summary: string
  body: string
  author: string
  source: string
  published_at: string
  views: Generated<number>
  featured: Generated<number>
}

export interface DesignQuotationTable {
  id: Generated<number>
  slug: string
  title: string
  type: string
  price_min_fen: number
  price_max_fen: number
  unit: string
  description: string
  scope: string
  cycle: string
  provider: string
  updated_at: string
}

export interface HistoryVideoTable {
  id: Generated<number>
  slug: string
  title: string
  cover: string
  video_url: string
  duration_seconds: number
  event: string
  year: number
  description: string
  published_at: string
  showcase: Generated<number>
}

export interface DocumentTable {
  id: Generated<number>
  slug: string
  title: string
  file_name: string
  file: string
  size: number
  description: string
  members_only: Generated<number>
  published_at: string
}

export interface QuestionnaireResponseTable {
  id: Generated<number>
  questionnaire: string
  respondent: string
  answers: string
  created_at: string
}

/** A designer's public profile (migration 0012), one per certified designer shown in the directory. */
export interface DesignerProfileTable {
  user_id: number
  evaluate_standard: string
  is_ambassador: number
  excellent_status: number
  is_invite: number
  city_id: string
  /** The first 2 and 4 digits of city_id: the region filter's equality columns. */
  province_code: string
  city_code: string
  professional: string
  approve_date: string
  works_number: number
  featured: number
  studio: string
  intro: string
  created_at: string
}

/** The prize list of GET /common/listPrize: items in groups. */
export interface PrizeTable {
  value: string
  label: string
  group_value: string
  group_label: string
  sort: number
}

export interface DesignerPrizeTable {
  id: Generated<number>
  user_id: number
  prize_id: string
  prize_grade: string
}

export interface DesignerPatentTable {
  id: Generated<number>
  user_id: number
  patent_type: string
  num: number
}

export interface DesignerProjectTable {
  id: Generated<number>
  user_id: number
  project_type: string
  num: number
}

export interface TalentTable {
  id: Generated<number>
  seed_key: string | null
  name: string
  avatar: string | null
  school_record: string
  school: string
  major: string
  skills: string
  city_id: string
  intro: string
  /** JSON list of image paths. */
  images: string
  featured: number
  created_at: string
}

export interface Database {
  users: UserTable
  sessions: SessionTable
  menus: MenuTable
  partners: PartnerTable
  regions: RegionTable
  dictionaries: DictionaryTable
  realname_auths: RealnameAuthTable
  files: FileTable
  file_uploads: FileUploadTable
  addresses: AddressTable
  verification_codes: VerificationCodeTable
  sms_outbox: SmsOutboxTable
  email_outbox: EmailOutboxTable
  landing_signups: LandingSignupTable
  event_entries: EventEntryTable
  event_check_ins: EventCheckInTable
  rate_limits: RateLimitTable
  reference_versions: ReferenceVersionTable
  orders: OrderTable
  ledger: LedgerTable
  refund_cases: RefundCaseTable
  certifications: CertificationTable
  resumes: ResumeTable
  competitions: CompetitionTable
  competition_registrations: CompetitionRegistrationTable
  competition_works: CompetitionWorkTable
  competition_drafts: CompetitionDraftTable
  competition_certificate_posts: CompetitionCertificatePostTable
  competition_certificates: CompetitionCertificateTable
  competition_receipts: CompetitionReceiptTable
  competition_receipt_files: CompetitionReceiptFileTable
  competition_receipt_sequences: CompetitionReceiptSequenceTable
  search_docs: SearchDocTable
  rights_works: RightsWorkTable
  rights_work_files: RightsWorkFileTable
  notary_chain: NotaryChainTable
  news_articles: NewsArticleTable
  design_quotations: DesignQuotationTable
  history_videos: HistoryVideoTable
  documents: DocumentTable
  questionnaire_responses: QuestionnaireResponseTable
  designer_profiles: DesignerProfileTable
  prizes: PrizeTable
  designer_prizes: DesignerPrizeTable
  designer_patents: DesignerPatentTable
  designer_projects: DesignerProjectTable
  talents: TalentTable
  staff_roles: StaffRoleTable
  audit_log: AuditLogTable
  judging_assignments: JudgingAssignmentTable
  judging_conflicts: JudgingConflictTable
  judging_sheets: JudgingSheetTable
  judging_round_locks: JudgingRoundLockTable
  judging_advancements: JudgingAdvancementTable
  result_awards: ResultAwardTable
  result_publications: ResultPublicationTable
  key_fingerprints: KeyFingerprintTable
  export_files: ExportFileTable
  certificate_runs: CertificateRunTable
  competition_schedule_overrides: ScheduleOverrideTable
  entrant_messages: EntrantMessageTable
  entrant_message_recipients: EntrantMessageRecipientTable
  definition_reloads: DefinitionReloadTable
  definition_reload_acks: DefinitionReloadAckTable
}

/** One re-read of the definition files that every instance follows (migration 0033). */
export interface DefinitionReloadTable {
  id: Generated<number>
  source: 'cli' | 'console' | 'watch'
  /** Null: the command line or the watcher. */
  requested_by: number | null
  requested_at: string
  /** JSON: { competitions, events, landingPages }. */
  summary: string
  /** The asker's files (definitions/core/files-digest.ts). */
  digest: Generated<string>
}

/** An instance's reading of a reload's files (migration 0033). */
export interface DefinitionReloadAckTable {
  reload_id: number
  /** host:pid */
  instance: string
  digest: string
  /** The checker's errors on this instance's files: 0 when it serves them. */
  problems: number
  first_problem: string | null
  read_at: string
}

/** A date staff set in the console over the definition file's (migration 0030). */
export interface ScheduleOverrideTable {
  competition_id: number
  /** The definition's field: 'phases.<key>' or 'judging.rounds.<round id>.opens|closes'. */
  field: string
  /** Beijing time with +08:00, as the file writes it. */
  value: string
  set_by: number
  set_at: string
}

/** A message an organiser sent to a filtered set of a competition's entrants (migration 0032). */
export interface EntrantMessageTable {
  id: Generated<number>
  competition_id: number
  /** The filter as sent (JSON: audience, roundId, range). */
  filter: string
  /** The filter in the console's words, e.g. 已提交 · 参赛类别：产品设计. */
  filter_label: string
  subject: string
  /** What the organiser wrote (the texts sent add the 【咖簿网】 opening). */
  text: string
  recipients: number
  sent_by: number
  sent_at: string
}

/** One account a message went to, and the entry it was about (migration 0032). */
export interface EntrantMessageRecipientTable {
  message_id: number
  user_id: number
  registration_id: number
}

/** A published competition whose certificates job has run to the end (migration 0029). */
export interface CertificateRunTable {
  competition_id: number
  done_at: string
}

/** An export an organiser asked for, made as a background job (migration 0026, README "Exports"). */
export interface ExportFileTable {
  id: Generated<number>
  competition_id: number
  kind: 'entries.xlsx' | 'works.zip'
  requested_by: number
  status: 'queued' | 'running' | 'ready' | 'failed' | 'expired'
  progress: Generated<number>
  total: number | null
  /** Where the finished file is kept (the object store's key, a path under DATA_DIR). */
  object_key: string | null
  /** Bytes; bigint on PostgreSQL, which the driver answers as text. */
  size: string | number | null
  sha256: string | null
  error: string | null
  created_at: string
  started_at: string | null
  finished_at: string | null
}

/** The fingerprint of each key the instances share, recorded by the first start (migration 0024). */
export interface KeyFingerprintTable {
  name: string
  fingerprint: string
  recorded_at: string
}

/** A rights-confirmed work (migration 0011): registered once, never edited. */
export interface RightsWorkTable {
  id: Generated<number>
  user_id: number
  works_name: string
  works_type: string
  tag: string
  works_abstract: string | null
  file_type: number
  file_name: string
  file_sha256: string
  file_size: number
  original_name: string
  statement: string
  works_hash: string
  works_hash_time: string
  certificate_storage_no: string | null
  org: string
  notary: string
  tsa_serial: string
  timestamp_token: string
  tsa_certificate: string
  chain_height: number
  chain_hash: string
  created_at: string
}

export interface RightsWorkFileTable {
  id: Generated<number>
  work_id: number
  file_name: string
  original_name: string
  file_primary: number
  sort: number
}

/** The local notary's append-only hash chain (server/services/notary/local-chain.ts). */
export interface NotaryChainTable {
  height: number
  prev_hash: string
  works_hash: string
  record_hash: string
  created_at: string
}

/** An entry receipt (migration 0017): written once when the entry is finalised, never edited. */
export interface CompetitionReceiptTable {
  id: Generated<number>
  registration_id: number
  user_id: number
  competition_id: number
  /** KBE + Beijing year + '-' + six-digit sequence of that year. */
  number: string
  /** JSON list of the entry's work titles at finalisation. */
  works: string
  /** NOTARY_PROVIDER at the time, and the PEM certificate that signed the tokens. */
  notary: string
  tsa_certificate: string
  created_at: string
}

/** A file an entry receipt covers, with the notary's RFC 3161 token over its SHA-256. */
export interface CompetitionReceiptFileTable {
  id: Generated<number>
  receipt_id: number
  sort: number
  label: string
  original_name: string
  sha256: string
  timestamp_serial: string
  /** DER, base64. */
  timestamp_token: string
  stamped_at: string
}

/** The last entry number given out in a year. */
export interface CompetitionReceiptSequenceTable {
  year: number
  last: number
}

/** A staff role (migration 0019, README "Staff roles"): unique per user, role, competition and round. */
export interface StaffRoleTable {
  id: Generated<number>
  user_id: number
  /** 'admin' | 'organiser' | 'judge' (server/services/staff/roles.ts). */
  role: string
  /** Null for admin; the competition of an organiser or a judge. */
  competition_id: number | null
  /** A judge's round (the definition's round id); null: every round of the competition. */
  round_id: string | null
  /** Who granted it; null for the command line (npm run grant) and the demo seed. */
  granted_by: number | null
  granted_at: string
}

/** One staff action (migration 0019): written in the transaction of the change, never edited. */
export interface AuditLogTable {
  id: Generated<number>
  /** Null: the command line or the system (the seed). */
  actor_id: number | null
  /** 'role.grant', 'role.revoke', … */
  action: string
  target_type: string
  target_id: string
  competition_id: number | null
  /** JSON text: what changed, with before/after where there is a before. */
  detail: string
  at: string
}

/** A judge's assignment to an entry (a work) of a round (migration 0020, README "Judging"). */
export interface JudgingAssignmentTable {
  id: Generated<number>
  competition_id: number
  /** The definition's round id. */
  round_id: string
  work_id: number
  judge_id: number
  assigned_at: string
}

/** A conflict of interest a judge declared on a work; holds for every round of it. */
export interface JudgingConflictTable {
  id: Generated<number>
  competition_id: number
  /** The round it was declared in. */
  round_id: string
  work_id: number
  judge_id: number
  reason: string
  declared_at: string
}

/** A judge's score sheet for an entry of a round, saved as it is filled in. */
export interface JudgingSheetTable {
  id: Generated<number>
  competition_id: number
  round_id: string
  work_id: number
  judge_id: number
  /** JSON text: criterion id → score (scored rounds); {} for a qualifying round. */
  scores: string
  /** Qualifying rounds: 1 pass, 0 fail, null not yet decided. */
  pass: number | null
  comment: string
  /** 1 once the judge submitted a complete sheet. */
  submitted: Generated<number>
  created_at: string
  updated_at: string
  submitted_at: string | null
}

/** One row per round, updated first by every assignment change so concurrent changes take turns. */
export interface JudgingRoundLockTable {
  competition_id: number
  round_id: string
  version: number
}

/** Migration 0023: an entry an organiser confirmed into a later round (`round_id` is the round entered). */
export interface JudgingAdvancementTable {
  id: Generated<number>
  competition_id: number
  round_id: string
  work_id: number
  decided_by: number
  decided_at: string
}

/** Migration 0023: an entry's confirmed result and award; public only once its competition's results are published. */
export interface ResultAwardTable {
  id: Generated<number>
  competition_id: number
  work_id: number
  registration_id: number
  range: string
  /** Decimal string of the final round's result; null for an entry without one. */
  result: string | null
  rank: number | null
  award_id: string | null
  award_title: string | null
  decided_by: number
  decided_at: string
}

/** Migration 0023: a competition's results publication: 'scheduled' (publish_at) or 'published'. */
export interface ResultPublicationTable {
  competition_id: number
  /** `reopened`: published once, withdrawn for a correction (migration 0031); not public meanwhile. */
  status: 'scheduled' | 'published' | 'reopened'
  publish_at: string | null
  published_at: string | null
  published_by: number | null
  updated_at: string
  version: Generated<number>
  /** JSON: each work's award id and rank as last published, kept by a reopen (migration 0031). */
  snapshot: string | null
  reopen_reason: string | null
}
