import { BellIcon } from '@sanity/icons'
import { LEAD_FORM_TITLES } from '@site/leads/admin'
import { DEFAULT_LOST_REASONS } from '@site/leads/followThrough'
import { LEAD_FORMS } from '@site/leads/forms'
import {
  BUSINESS_TIME_ZONES,
  DEFAULT_BUSINESS_DAYS,
  DEFAULT_CLAIM_WINDOW_MINUTES,
  DEFAULT_ESCALATE_AFTER_MINUTES,
  ROUTING_ANSWERS,
  ROUTING_NAME_PATTERN,
  SCORED_ANSWERS,
  TIME_OF_DAY_PATTERN,
  WEEKDAYS,
} from '@site/leads/routing'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { studioOnly } from '../lib/validation'

/**
 * The chat channels the lead server knows (the names of its LEAD_CHAT_WEBHOOKS, never their addresses):
 * `pnpm studio` passes them as SANITY_STUDIO_LEAD_CHANNELS; a hosted Studio is built with the variable set.
 */
export const KNOWN_LEAD_CHANNELS: readonly string[] = (process.env.SANITY_STUDIO_LEAD_CHANNELS ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean)

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const formOptions = LEAD_FORMS.map((form) => ({ value: form, title: LEAD_FORM_TITLES[form] }))

const emailList = (name: string, title: string, description: string, fieldset?: string) =>
  defineField({
    name,
    title,
    type: 'array',
    description,
    fieldset,
    of: [defineArrayMember({ type: 'string' })],
    validation: (rule) =>
      rule.custom(
        studioOnly((list: unknown) => {
          const bad = ((list as string[] | undefined) ?? []).find((address) => !EMAIL.test(address))
          return bad === undefined ? true : `"${bad}" is not an e-mail address`
        }),
      ),
  })

const routingRule = defineArrayMember({
  name: 'leadRoutingRule',
  title: 'Rule',
  type: 'object',
  fields: [
    defineField({
      name: 'name',
      title: 'Name',
      type: 'string',
      description:
        'Short name in lower case, e.g. "imo-hot": the Leads tool shows it as the e-mail destination (email:imo-hot).',
      validation: (rule) =>
        rule.required().regex(ROUTING_NAME_PATTERN, { name: 'lower-case letters, digits and hyphens (at most 40)' }),
    }),
    defineField({
      name: 'forms',
      title: 'Forms',
      type: 'array',
      description: 'The forms this rule applies to; none means every form.',
      of: [defineArrayMember({ type: 'string' })],
      options: { list: formOptions, layout: 'grid' },
    }),
    ...ROUTING_ANSWERS.map((answer) =>
      defineField({
        name: answer.name,
        title: answer.title,
        type: 'array',
        description: 'The lead matches when its answer is one of these; none ticked means any answer.',
        of: [defineArrayMember({ type: 'string' })],
        options: { list: answer.options.map((option) => ({ ...option })), layout: 'grid' },
      }),
    ),
    defineField({
      name: 'minScore',
      title: 'Score at least',
      type: 'number',
      description:
        'A score band: the rule takes a questionnaire lead whose score (the points below) is at least this, e.g. 70 for the senior person. Empty: any lead.',
    }),
    defineField({
      name: 'hot',
      title: 'Hot lead: notify at once',
      type: 'boolean',
      description: 'On: the recipients are e-mailed at once. Off: they get it in their daily digest.',
      initialValue: false,
    }),
    emailList('emails', 'E-mail recipients', 'Who is told of a lead this rule matches.'),
    defineField({
      name: 'channels',
      title: 'Chat channels',
      type: 'array',
      description: `Posted to at once when a lead matches this rule. Channels the lead server knows: ${
        KNOWN_LEAD_CHANNELS.join(', ') || 'none (set LEAD_CHAT_WEBHOOKS)'
      }.`,
      of: [defineArrayMember({ type: 'string' })],
      options: { list: KNOWN_LEAD_CHANNELS.map((name) => ({ value: name, title: name })) },
      validation: (rule) =>
        rule.custom(
          studioOnly((list: unknown) => {
            const unknown = ((list as string[] | undefined) ?? []).filter((name) => !KNOWN_LEAD_CHANNELS.includes(name))
            if (unknown.length === 0) return true
            return `The lead server has no chat channel named ${unknown.map((name) => `"${name}"`).join(', ')}: its channels are ${
              KNOWN_LEAD_CHANNELS.join(', ') || 'none'
            } (LEAD_CHAT_WEBHOOKS)`
          }),
        ),
    }),
  ],
  validation: (rule) =>
    rule.custom(
      studioOnly((value: unknown) => {
        const { emails, channels } = (value ?? {}) as { emails?: string[]; channels?: string[] }
        return (emails?.length ?? 0) + (channels?.length ?? 0) > 0 ? true : 'Give at least one recipient or channel'
      }),
    ),
  preview: {
    select: { title: 'name', hot: 'hot', emails: 'emails' },
    prepare: ({ title, hot, emails }: { title?: string; hot?: boolean; emails?: string[] }) => ({
      title: title || 'Unnamed rule',
      subtitle: `${hot ? 'At once' : 'Daily digest'} · ${(emails ?? []).join(', ') || 'no e-mail'}`,
    }),
  },
})

export const leadRouting = defineType({
  name: 'leadRouting',
  title: 'Lead routing',
  type: 'document',
  icon: BellIcon,
  description: 'Who hears of which lead, and what the visitor is sent. The lead server reads the published version.',
  fieldsets: [
    {
      name: 'followThrough',
      title: 'Who takes each lead',
      description: 'One owner per lead within minutes, and a manager told of the one nobody took.',
    },
  ],
  fields: [
    defineField({
      name: 'rules',
      title: 'Rules',
      type: 'array',
      description: 'Tried in order: the first rule a lead matches decides who is told.',
      of: [routingRule],
      validation: (rule) =>
        rule.custom(
          studioOnly((rules: unknown) => {
            const names = ((rules as Array<{ name?: string }> | undefined) ?? []).map((item) => item.name)
            const twice = names.find((name, index) => name && names.indexOf(name) !== index)
            return twice ? `Two rules are named "${twice}": each needs its own name` : true
          }),
        ),
    }),
    emailList(
      'otherwiseEmails',
      'Leads no rule matches',
      'They get those leads in their daily digest. Empty: the server’s LEAD_NOTIFY_EMAIL gets them at once.',
    ),
    defineField({
      name: 'confirmations',
      title: 'Visitor confirmations',
      type: 'array',
      description:
        'A transactional e-mail to the visitor, per form: at most one per address a day, whatever the form, never marketing.',
      of: [
        defineArrayMember({
          name: 'leadConfirmation',
          title: 'Confirmation',
          type: 'object',
          fields: [
            defineField({
              name: 'form',
              title: 'Form',
              type: 'string',
              options: { list: formOptions },
              validation: (rule) => rule.required(),
            }),
            defineField({ name: 'subject', title: 'Subject', type: 'string', validation: (rule) => rule.required() }),
            defineField({
              name: 'body',
              title: 'Body',
              type: 'text',
              rows: 6,
              description: 'Plain text; {name} is replaced by the visitor’s name. Say what happens next, nothing more.',
              validation: (rule) => rule.required(),
            }),
          ],
          preview: { select: { title: 'subject', subtitle: 'form' } },
        }),
      ],
      validation: (rule) =>
        rule.custom(
          studioOnly((list: unknown) => {
            const forms = ((list as Array<{ form?: string }> | undefined) ?? []).map((item) => item.form)
            const twice = forms.find((form, index) => form && forms.indexOf(form) !== index)
            return twice ? `Two confirmations for the ${twice} form: keep one` : true
          }),
        ),
    }),
    defineField({
      name: 'rotation',
      title: 'Rotation: who takes new leads in turn',
      type: 'array',
      fieldset: 'followThrough',
      description:
        'Each new lead is offered to one person at a time, round robin; nobody took it within the claim window: the next person. Empty: no rotation (the rules alone say who is told).',
      of: [
        defineArrayMember({
          name: 'rotationPerson',
          title: 'Person',
          type: 'object',
          fields: [
            defineField({
              name: 'email',
              title: 'E-mail',
              type: 'string',
              validation: (rule) => rule.required().regex(EMAIL, { name: 'e-mail address' }),
            }),
            defineField({
              name: 'away',
              title: 'Away: skip in the rotation',
              type: 'boolean',
              description: 'On holiday or out sick: offered nothing until this is switched off again.',
              initialValue: false,
            }),
          ],
          preview: {
            select: { title: 'email', away: 'away' },
            prepare: ({ title, away }: { title?: string; away?: boolean }) => ({
              title: title || 'No e-mail',
              subtitle: away ? 'Away: skipped' : 'In the rotation',
            }),
          },
        }),
      ],
      validation: (rule) =>
        rule.custom(
          studioOnly((list: unknown) => {
            const emails = ((list as Array<{ email?: string }> | undefined) ?? []).map((item) => item.email)
            const twice = emails.find((email, index) => email && emails.indexOf(email) !== index)
            return twice ? `"${twice}" is in the rotation twice` : true
          }),
        ),
    }),
    defineField({
      name: 'claimWindowMinutes',
      title: 'Claim window (minutes)',
      type: 'number',
      fieldset: 'followThrough',
      description: `How long each person in the rotation has to take a lead before it is offered to the next. Empty: ${DEFAULT_CLAIM_WINDOW_MINUTES}.`,
      initialValue: DEFAULT_CLAIM_WINDOW_MINUTES,
      validation: (rule) => rule.positive().max(10_080),
    }),
    emailList(
      'escalationEmails',
      'Escalation: told of a lead nobody took',
      'A manager’s address: told once, with a take link of their own, of a lead nobody has taken after the escalation time. Empty: the server’s LEAD_ESCALATION_EMAIL, if set.',
      'followThrough',
    ),
    defineField({
      name: 'escalateAfterMinutes',
      title: 'Escalate after (minutes)',
      type: 'number',
      fieldset: 'followThrough',
      description: `Counted in business hours. Also the promise in a confirmation’s {callTime}: “within the hour” for 60. Empty: the server’s LEAD_ESCALATE_AFTER, else ${DEFAULT_ESCALATE_AFTER_MINUTES}.`,
      initialValue: DEFAULT_ESCALATE_AFTER_MINUTES,
      validation: (rule) => rule.positive().max(10_080),
    }),
    defineField({
      name: 'businessHours',
      title: 'Business hours',
      type: 'object',
      fieldset: 'followThrough',
      description:
        'Outside them the claim window and the escalation clock stop, and a confirmation’s {callTime} names the next time the team is in. Empty: always open.',
      fields: [
        defineField({
          name: 'timeZone',
          title: 'Time zone',
          type: 'string',
          options: { list: BUSINESS_TIME_ZONES.map((zone) => ({ ...zone })) },
          initialValue: 'America/New_York',
          validation: (rule) => rule.required(),
        }),
        defineField({
          name: 'days',
          title: 'Days',
          type: 'array',
          of: [defineArrayMember({ type: 'string' })],
          // A list, not a grid: a grid of seven days overlaps its labels at phone width.
          options: { list: WEEKDAYS.map((day) => ({ ...day })) },
          initialValue: [...DEFAULT_BUSINESS_DAYS],
          validation: (rule) => rule.required().min(1),
        }),
        defineField({
          name: 'opens',
          title: 'Opens',
          type: 'string',
          description: '24-hour time, e.g. 09:00',
          initialValue: '09:00',
          validation: (rule) => rule.required().regex(TIME_OF_DAY_PATTERN, { name: 'time as HH:MM' }),
        }),
        defineField({
          name: 'closes',
          title: 'Closes',
          type: 'string',
          description: '24-hour time, e.g. 17:30',
          initialValue: '17:00',
          validation: (rule) =>
            rule
              .required()
              .regex(TIME_OF_DAY_PATTERN, { name: 'time as HH:MM' })
              .custom(
                studioOnly((closes: unknown, context) => {
                  const opens = (context.parent as { opens?: string } | undefined)?.opens
                  return typeof closes !== 'string' || !opens || opens < closes ? true : 'Closes after it opens'
                }),
              ),
        }),
      ],
    }),
    defineField({
      name: 'scoring',
      title: 'Questionnaire score: points per answer',
      type: 'object',
      description:
        'Each questionnaire lead gets the sum of its answers’ points; the score and the answers that gave it show wherever the lead is shown, and a rule can take a score band (“Score at least”). Leave an answer out for 0 points.',
      options: { collapsible: true, collapsed: true },
      fields: SCORED_ANSWERS.map((answer) =>
        defineField({
          name: answer.name,
          title: answer.title,
          type: 'array',
          of: [
            defineArrayMember({
              name: 'answerPoints',
              title: 'Points',
              type: 'object',
              fields: [
                defineField({
                  name: 'value',
                  title: 'Answer',
                  type: 'string',
                  options: { list: answer.options.map((option) => ({ ...option })) },
                  validation: (rule) => rule.required(),
                }),
                defineField({
                  name: 'points',
                  title: 'Points',
                  type: 'number',
                  validation: (rule) => rule.required().integer().min(-100).max(100),
                }),
              ],
              preview: {
                select: { title: 'value', points: 'points' },
                prepare: ({ title, points }: { title?: string; points?: number }) => ({
                  title: title || 'No answer chosen',
                  subtitle: `${points !== undefined && points > 0 ? '+' : ''}${points ?? 0} points`,
                }),
              },
            }),
          ],
          validation: (rule) =>
            rule.custom(
              studioOnly((list: unknown) => {
                const values = ((list as Array<{ value?: string }> | undefined) ?? []).map((item) => item.value)
                const twice = values.find((value, index) => value && values.indexOf(value) !== index)
                return twice ? `"${twice}" has points twice: keep one` : true
              }),
            ),
        }),
      ),
    }),
    defineField({
      name: 'lostReasons',
      title: 'Reasons a lead is lost',
      type: 'array',
      description:
        'What the team chooses from when it marks a lead lost (the take page, the Leads tool, a CRM). Empty: the defaults shown here.',
      of: [defineArrayMember({ type: 'string', validation: (rule) => rule.required().max(200) })],
      initialValue: [...DEFAULT_LOST_REASONS],
      validation: (rule) => rule.unique(),
    }),
  ],
  preview: { prepare: () => ({ title: 'Lead routing' }) },
})
