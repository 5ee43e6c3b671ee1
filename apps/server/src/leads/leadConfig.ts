import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type TrustProxy, trustProxyFromEnv } from './clientAddress.ts'
import type { LeadFormName } from './db/tables.ts'
import { type ConfirmationLimits, confirmationLimitsFromEnv } from './delivery/confirmationLimits.ts'
import { type NotifyConfig, notifyConfigFromEnv } from './delivery/notifyConfig.ts'
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './delivery/retryPolicy.ts'
import { type FollowThroughConfig, followThroughConfigFromEnv } from './followThrough/followThroughConfig.ts'
import { ConfigurationError } from './leadLog.ts'

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url))

/** The lead server's settings, from the environment (see .env.example). */
export interface LeadConfig {
  databaseUrl: string | undefined
  dataDir: string
  webhooks: Partial<Record<LeadFormName, string>>
  /** Standard Webhooks secret (`whsec_…`): each attempt is signed with it when set. */
  webhookSecret: string | undefined
  /** The forwarded body gains the lead's `attribution` (campaign, landing page, experiment variants). */
  webhookAttribution: boolean
  retry: RetryPolicy
  maxConcurrentPerWebhook: number
  sendTimeoutMs: number
  pollMs: number
  /** Submissions one client address may make per minute: a conference room on one Wi-Fi is one address. */
  rateLimitPerMinute: number
  /** The proxies trusted to name the client in X-Forwarded-For (by hop count or address), or none. */
  trustProxy: TrustProxy
  /** Origins besides the server's own that may post leads (the public SITE_URL behind a proxy). */
  allowedOrigins: string[]
  adminToken: string
  /** Origins of the Studio, whose Leads tool calls the admin API (CORS is answered for these only). */
  studioOrigins: string[]
  /** Where a Studio user's Sanity token is checked (`/users/me`): only with a Sanity project configured. */
  sanityAuth: SanityAuthConfig | undefined
  /**
   * With no Sanity project: the local Content Lake's editor token (`pnpm studio` signs the Studio in with it),
   * read from CONTENT_LAKE_TOKEN or the file `pnpm studio` writes (.lake/token) and compared here, never asked
   * of whatever answers on the lake's port. Undefined with a Sanity project or LEADS_SANITY_AUTH=off.
   */
  localEditor: LocalEditorConfig | undefined
  /** Days each form's leads are kept; a form not listed keeps them until erased. */
  retentionDays: Partial<Record<LeadFormName, number>>
  retentionSweepMs: number
  spam: SpamConfig
  /** Take links, webhook events, the CRM's status webhook (followThrough/). */
  followThrough: FollowThroughConfig
  /** E-mail, chat and the routing document (delivery/notifyConfig.ts). */
  notify: NotifyConfig
  /** How many visitor confirmations may go out per client address and per day (delivery/confirmationLimits.ts). */
  confirmations: ConfirmationLimits
}

/** Spam protection (spam/): the proof of work, the content checks' threshold, duplicates. */
export interface SpamConfig {
  /** LEAD_SPAM_PROTECTION=off: no proof of work is asked (machine clients, raw-JSON tests); content checks still run. */
  proofOfWork: boolean
  /** Signs challenges (LEAD_SPAM_SECRET, else made once in the data folder's parent, as the admin token). */
  secret: string
  /** How long an issued challenge can be solved and sent. */
  challengeTtlMs: number
  /** PBKDF2 iterations per guess, and the largest counter a challenge hides (the work is about their product). */
  proofCost: number
  proofMaxCounter: number
  /** A submission sent sooner than this after the form was shown is `sent-too-fast`. */
  minFillMs: number
  /** The summed weights of a submission's reasons at which it is quarantined. */
  threshold: number
  /** The same e-mail on the same form within this window is a repeat (0: never). */
  duplicateWindowMs: number
}

export interface SanityAuthConfig {
  /** The project's API origin: `https://<projectId>.api.sanity.io` (LEADS_SANITY_API_ORIGIN: a stand-in in tests). */
  apiOrigin: string
  projectId: string
  /** Project roles that may read leads, and those that may also replay, release and erase them. */
  readRoles: string[]
  manageRoles: string[]
}

export interface LocalEditorConfig {
  /** The token as `pnpm studio` made it (read on each check: the Studio may start after the server). */
  token: () => string | undefined
  /** The local editor is the project's administrator: the access the configured roles give that role. */
  access: 'none' | 'read' | 'manage'
}

const FORMS: readonly LeadFormName[] = ['contact', 'guide', 'qualify', 'giveaway']

function list(value: string | undefined, fallback: string[]): string[] {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
  return items.length > 0 ? items : fallback
}

function hostedProjectOf(env: NodeJS.ProcessEnv): string | undefined {
  return env.LEADS_SANITY_PROJECT_ID || env.SANITY_STUDIO_PROJECT_ID || env.SANITY_PROJECT_ID || undefined
}

function sanityAuthFromEnv(env: NodeJS.ProcessEnv): SanityAuthConfig | undefined {
  const hostedProject = hostedProjectOf(env)
  if (env.LEADS_SANITY_AUTH === 'off' || !hostedProject) return undefined
  return {
    apiOrigin: new URL(env.LEADS_SANITY_API_ORIGIN || `https://${hostedProject}.api.sanity.io`).origin,
    projectId: hostedProject,
    readRoles: list(env.LEADS_READ_ROLES, ['administrator', 'editor']),
    manageRoles: list(env.LEADS_MANAGE_ROLES, ['administrator']),
  }
}

function localEditorFromEnv(env: NodeJS.ProcessEnv): LocalEditorConfig | undefined {
  if (env.LEADS_SANITY_AUTH === 'off' || hostedProjectOf(env)) return undefined
  const file = join(repoRoot, '.lake', 'token')
  const fromEnv = env.CONTENT_LAKE_TOKEN || undefined
  const manage = list(env.LEADS_MANAGE_ROLES, ['administrator']).includes('administrator')
  const read = list(env.LEADS_READ_ROLES, ['administrator', 'editor']).includes('administrator')
  return {
    token: () => fromEnv ?? readTokenFile(file),
    access: manage ? 'manage' : read ? 'read' : 'none',
  }
}

/** A token file's contents; undefined when it is missing, empty or too short to be a secret. */
function readTokenFile(file: string): string | undefined {
  try {
    const token = readFileSync(file, 'utf8').trim()
    return token.length >= 16 ? token : undefined
  } catch {
    return undefined
  }
}

function retentionFromEnv(env: NodeJS.ProcessEnv): Partial<Record<LeadFormName, number>> {
  const days: Partial<Record<LeadFormName, number>> = {}
  for (const form of FORMS) {
    const value = env[`LEAD_RETENTION_DAYS_${form.toUpperCase()}`] || env.LEAD_RETENTION_DAYS
    if (value) days[form] = number(value, 0)
  }
  return days
}

export function leadConfigFromEnv(env: NodeJS.ProcessEnv = process.env): LeadConfig {
  const dataDir = resolve(repoRoot, env.LEADS_DATA_DIR || '.data/leads')
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    webhooks: {
      contact: env.CONTACT_WEBHOOK_URL || undefined,
      guide: env.GUIDE_WEBHOOK_URL || undefined,
      qualify: env.QUALIFY_WEBHOOK_URL || undefined,
      giveaway: env.GIVEAWAY_WEBHOOK_URL || undefined,
    },
    webhookSecret: env.LEAD_WEBHOOK_SECRET || undefined,
    webhookAttribution: onOff(env.LEAD_WEBHOOK_ATTRIBUTION, 'LEAD_WEBHOOK_ATTRIBUTION', false),
    retry: {
      baseDelayMs: number(env.LEAD_RETRY_BASE_MS, DEFAULT_RETRY_POLICY.baseDelayMs),
      maxDelayMs: number(env.LEAD_RETRY_MAX_MS, DEFAULT_RETRY_POLICY.maxDelayMs),
      windowMs: number(env.LEAD_RETRY_WINDOW_HOURS, DEFAULT_RETRY_POLICY.windowMs / 3_600_000) * 3_600_000,
    },
    maxConcurrentPerWebhook: number(env.LEAD_WEBHOOK_CONCURRENCY, 4),
    sendTimeoutMs: number(env.LEAD_WEBHOOK_TIMEOUT_MS, 10_000),
    pollMs: number(env.LEAD_OUTBOX_POLL_MS, 1_000),
    rateLimitPerMinute: number(env.LEAD_RATE_LIMIT_PER_MINUTE, 120),
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    allowedOrigins: [env.SITE_URL, ...(env.LEADS_ALLOWED_ORIGINS ?? '').split(',')]
      .filter((origin): origin is string => Boolean(origin?.trim()))
      .map((origin) => new URL(origin.trim()).origin),
    adminToken: env.LEADS_ADMIN_TOKEN || storedSecret(join(dirname(dataDir), 'leads-admin-token')),
    studioOrigins: list(
      env.LEADS_STUDIO_ORIGINS,
      env.SANITY_STUDIO_URL
        ? [env.SANITY_STUDIO_URL]
        : [`http://localhost:${env.STUDIO_PORT || 3333}`, `http://127.0.0.1:${env.STUDIO_PORT || 3333}`],
    ).map((origin) => new URL(origin).origin),
    sanityAuth: sanityAuthFromEnv(env),
    localEditor: localEditorFromEnv(env),
    retentionDays: retentionFromEnv(env),
    retentionSweepMs: number(env.LEAD_RETENTION_SWEEP_MINUTES, 60) * 60_000,
    spam: {
      proofOfWork: onOff(env.LEAD_SPAM_PROTECTION, 'LEAD_SPAM_PROTECTION'),
      secret: env.LEAD_SPAM_SECRET || storedSecret(join(dirname(dataDir), 'leads-spam-secret')),
      challengeTtlMs: number(env.LEAD_CHALLENGE_TTL_MINUTES, 60) * 60_000,
      proofCost: number(env.LEAD_PROOF_COST, 1_000),
      proofMaxCounter: number(env.LEAD_PROOF_MAX_COUNTER, 1_000),
      minFillMs: number(env.LEAD_MIN_FILL_SECONDS, 3) * 1000,
      threshold: number(env.LEAD_SPAM_THRESHOLD, 2),
      duplicateWindowMs: duration(env.LEAD_DUPLICATE_WINDOW, 24 * 3_600_000, 'LEAD_DUPLICATE_WINDOW'),
    },
    notify: notifyConfigFromEnv(env),
    followThrough: followThroughConfigFromEnv(env, {
      storedSecret: (name) => storedSecret(join(dirname(dataDir), name)),
      duration,
    }),
    confirmations: confirmationLimitsFromEnv(env),
  }
}

function onOff(value: string | undefined, name: string, fallback = true): boolean {
  if (value === undefined || value === '') return fallback
  if (value === 'on') return true
  if (value === 'off') return false
  throw new ConfigurationError(`${name} is "on" or "off", not "${value}"`)
}

/** `90s`, `30m`, `24h`, `7d`, or milliseconds; `0` turns the rule off. */
function duration(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(value.trim())
  if (!match) throw new ConfigurationError(`${name} is a duration such as 24h, 30m or 90s, not "${value}"`)
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] ?? 'ms'] ?? 1
  return Number(match[1]) * unit
}

function number(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback
  const parsed = Number(value)
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`Expected a number, got "${value}"`)
  return parsed
}

/**
 * A random secret kept in `file` (the operator's admin token, the spam challenges' key), made on first use
 * and readable by its owner only.
 */
function storedSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dirname(file), { recursive: true })
  const token = randomBytes(24).toString('base64url')
  // Written aside, then linked into place: of processes starting together, one secret wins and all read it
  // (two spam secrets would refuse each other's proofs).
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  writeFileSync(aside, `${token}\n`, { mode: 0o600 })
  chmodSync(aside, 0o600)
  try {
    linkSync(aside, file)
    return token
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return readFileSync(file, 'utf8').trim()
  } finally {
    unlinkSync(aside)
  }
}
