export type { ContentRules, RuleValue, ValueRule } from './format'
export { CONTENT_RULES } from './generated'
