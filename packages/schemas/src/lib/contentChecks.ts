// The custom rules of the schema that need nothing but the value and its document: pure functions, so the
// site's build, dev server and preview run the very rules the Studio runs (exported as
// @site/schemas/contentChecks; no `sanity` import). The schema names them in `rule.custom(...)`, and the
// generated content rules (src/rules) name them by their key here.
import {
  ANCHOR_MESSAGE,
  ANCHOR_PATTERN,
  HREF_MESSAGE,
  HREF_PATTERN,
  IMAGE_SOURCE_MESSAGE,
  URL_PATH_MESSAGE,
  URL_PATH_PATTERN,
} from '../constants'
import { validatePagePath, validateSlugFormat } from './addressRules'
import { VARIANT_KEY_MESSAGE, VARIANT_KEY_PATTERN, variantProblems } from './experimentRules'
import { validateRedirectFrom, validateRedirectTo } from './redirectRules'

/** What a check may read besides the value: the document it is in (as the Studio's validation context). */
export interface CheckContext {
  document?: unknown
}

export type ContentCheck = (value: unknown, context?: CheckContext) => true | string

/** A string field's format; an empty value is left to `required()`. */
const stringFormat =
  (check: (value: string) => true | string): ContentCheck =>
  (value) =>
    typeof value === 'string' && value !== '' ? check(value) : true

/** A slug field's format, read from its `current`. */
const slugFormat =
  (check: (value: string) => true | string): ContentCheck =>
  (value) => {
    const current = isRecord(value) ? value.current : undefined
    return typeof current === 'string' && current !== '' ? check(current) : true
  }

const pattern = (regex: RegExp, message: string) => stringFormat((value) => (regex.test(value) ? true : message))

export const CONTENT_CHECKS = {
  href: pattern(HREF_PATTERN, HREF_MESSAGE),
  urlPath: pattern(URL_PATH_PATTERN, URL_PATH_MESSAGE),
  anchor: pattern(ANCHOR_PATTERN, ANCHOR_MESSAGE),
  pagePath: slugFormat(validatePagePath),
  resourceSlug: slugFormat(validateSlugFormat),
  redirectFrom: stringFormat(validateRedirectFrom),
  redirectTo: stringFormat(validateRedirectTo),
  /** An image object with neither an upload nor a path shows nothing; an empty optional image is no object. */
  imageSource: (value) =>
    !isRecord(value) ||
    (typeof value.src === 'string' && value.src !== '') ||
    (isRecord(value.upload) && isRecord(value.upload.asset))
      ? true
      : IMAGE_SOURCE_MESSAGE,
  accessFormWhenGated: (value, context) =>
    isRecord(context?.document) && context.document.gated === true && !value
      ? 'Gated resources need the access form copy'
      : true,
  oneWordingPerQuestion: (value) => {
    const ids = (Array.isArray(value) ? value : []).map((question) =>
      isRecord(question) ? question.questionId : undefined,
    )
    const duplicate = ids.find((id, index) => id && ids.indexOf(id) !== index)
    return duplicate ? `"${String(duplicate)}" has more than one wording; keep one per question` : true
  },
  experimentVariants: (value) => variantProblems(value)[0] ?? true,
  variantKey: pattern(VARIANT_KEY_PATTERN, VARIANT_KEY_MESSAGE),
  experimentEnd: (value, context) => {
    const start = isRecord(context?.document) ? context.document.startsAt : undefined
    return typeof value !== 'string' || typeof start !== 'string' || Date.parse(value) > Date.parse(start)
      ? true
      : 'The end must be after the start'
  },
} satisfies Record<string, ContentCheck>

export type ContentCheckName = keyof typeof CONTENT_CHECKS

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
