import { QUESTIONS, type QuestionId } from '@site/leads/schemas/questions'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  answerContactQuestions,
  answerText,
  captureWebhook,
  choose,
  expectQuestion,
  loadQualifyContent,
  promptOf,
  type QualifyContent,
  renderQualificationForm,
  settled,
  textBox,
  useTestWebhookUrl,
} from './qualificationTestKit'

const DISQUALIFIED =
  "Thank you for your interest. At this time, we're specifically working with advisors who write annuities. We'll keep your information on file and reach out if our services expand."

/** A branch: the role, then each choice question asked after it and the answer given, in order. */
interface Branch {
  role: string
  count: number
  steps: [QuestionId, string][]
}

const COMMON_TAIL: [QuestionId, string][] = [
  ['primaryChallenge', 'Not enough qualified leads'],
  ['monthlyMarketingBudget', '$5,000-$10,000'],
  ['timeline', 'Within 1 month'],
  ['decisionMaker', 'Shared Decision'],
]

const BRANCHES: Branch[] = [
  { role: 'RIA', count: 12, steps: [['numberOfAdvisors', '2-5'], ['currentAUM', '$50M-$100M'], ...COMMON_TAIL] },
  { role: 'Independent Advisor', count: 11, steps: [['currentAUM', 'Under $25M'], ...COMMON_TAIL] },
  {
    role: 'Insurance Agent',
    count: 12,
    steps: [['writesAnnuities', 'Yes'], ['annuityProduction', '$1M-$2M'], ...COMMON_TAIL],
  },
  {
    role: 'IMO/FMO',
    count: 12,
    steps: [['numberOfAgents', '51-100'], ['production12Month', '$10M-$20M'], ...COMMON_TAIL],
  },
]

// Whole walks through the questionnaire: slower than most unit tests, so they get more time.
describe('Qualification questionnaire: steps and branches', { timeout: 90_000 }, () => {
  let content: QualifyContent
  beforeAll(async () => {
    content = await loadQualifyContent()
  })
  beforeEach(() => {
    sessionStorage.clear()
    useTestWebhookUrl()
  })

  it('asks the five contact questions first, one per screen, out of 10 until the role is known', async () => {
    const user = renderQualificationForm(content)
    const contactIds: QuestionId[] = ['firstName', 'lastName', 'email', 'phone', 'company']
    for (const [index, id] of contactIds.entries()) {
      await expectQuestion(content.section, id, index + 1, 10)
      expect(screen.getAllByRole('textbox')).toHaveLength(1)
      await answerText(user, ['Jane', 'Doe', 'jane@doewealth.com', '8645550142', 'Doe Wealth'][index]!)
    }
    const roles = await expectQuestion(content.section, 'role', 6, 10)
    expect(roles?.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual([
      'RIA',
      'Independent Advisor',
      'Insurance Agent',
      'IMO/FMO',
    ])
  })

  it('shows the CMS wording: prompt as the label, help text as its description, placeholder', () => {
    renderQualificationForm(content)
    const box = screen.getByRole('textbox', { name: "What's your first name?" })
    expect(box).toHaveAccessibleDescription('So we know what to call you.')
    expect(box).toHaveAttribute('placeholder', 'First name')
    expect(box).toHaveAttribute('autocomplete', 'given-name')
  })

  for (const branch of BRANCHES) {
    it(`${branch.role}: asks ${branch.count} questions, counting and filling the progress bar, and ends on "You're All Set!"`, async () => {
      const bodies = captureWebhook()
      const user = renderQualificationForm(content)
      await answerContactQuestions(user)
      await expectQuestion(content.section, 'role', 6, 10)
      await user.click(screen.getByRole('radio', { name: branch.role }))
      // The steps are recomputed as soon as the role is chosen.
      const countAfterRole = branch.role === 'Insurance Agent' ? 11 : branch.count
      await expectQuestion(content.section, 'role', 6, countAfterRole)
      await user.click(screen.getByRole('button', { name: 'Continue' }))
      for (const [index, [id, answer]] of branch.steps.entries()) {
        const count = branch.role === 'Insurance Agent' && index === 0 ? 11 : branch.count
        const group = await expectQuestion(content.section, id, 7 + index, count)
        expect(group).not.toBeNull()
        const isLast = index === branch.steps.length - 1
        expect(screen.getByRole('button', { name: isLast ? 'Complete' : 'Continue' })).toBeEnabled()
        await choose(user, answer)
      }
      expect(await screen.findByRole('heading', { name: "You're All Set!" }, { timeout: 3000 })).toBeInTheDocument()
      expect(bodies).toHaveLength(1)
    })
  }

  it('the number of options and their exact wording follow SPEC section 3', () => {
    const options = Object.fromEntries(
      QUESTIONS.filter((q) => q.type === 'choice').map((q) => [q.id, q.type === 'choice' ? q.options : []]),
    )
    expect(options).toEqual({
      role: ['RIA', 'Independent Advisor', 'Insurance Agent', 'IMO/FMO'],
      numberOfAdvisors: ['Just me', '2-5', '6-10', '11-25', '26+'],
      numberOfAgents: ['1-10', '11-25', '26-50', '51-100', '100+'],
      production12Month: ['Under $5M', '$5M-$10M', '$10M-$20M', '$20M-$50M', 'Over $50M'],
      writesAnnuities: ['Yes', 'No'],
      annuityProduction: ['Under $500K', '$500K-$1M', '$1M-$2M', '$2M-$5M', 'Over $5M'],
      currentAUM: ['Under $25M', '$25M-$50M', '$50M-$100M', '$100M-$250M', 'Over $250M'],
      primaryChallenge: [
        'Not enough qualified leads',
        'Leads are too expensive',
        'Need more consistent pipeline',
        'Want to scale my practice',
        "Current marketing isn't working",
      ],
      monthlyMarketingBudget: ['Under $2,500', '$2,500-$5,000', '$5,000-$10,000', '$10,000-$25,000', 'Over $25,000'],
      timeline: ['Immediately (this week)', 'Within 1 month', '1-3 months', '3-6 months', 'Just researching'],
      decisionMaker: ['Yes', 'Shared Decision', 'No'],
    })
    expect(QUESTIONS.map((question) => question.id)).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'company',
      'role',
      'numberOfAdvisors',
      'numberOfAgents',
      'production12Month',
      'writesAnnuities',
      'annuityProduction',
      'currentAUM',
      'primaryChallenge',
      'monthlyMarketingBudget',
      'timeline',
      'decisionMaker',
    ])
  })

  it('Insurance Agent who does not write annuities: the disqualified screen with the exact message, and nothing sent', async () => {
    const bodies = captureWebhook()
    const user = renderQualificationForm(content)
    await answerContactQuestions(user)
    await choose(user, 'Insurance Agent')
    await expectQuestion(content.section, 'writesAnnuities', 7, 11)
    await choose(user, 'No')
    const heading = screen.getByRole('heading', { level: 2, name: content.section.disqualifiedHeading! })
    expect(heading).toHaveFocus()
    expect(screen.getByText(DISQUALIFIED)).toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(screen.queryByText("You're All Set!")).toBeNull()
    expect(screen.getByRole('link', { name: 'Visit Our Website' })).toHaveAttribute('href', '/')
    // The answer is stored: it is in the saved draft.
    expect(JSON.parse(sessionStorage.getItem('qualification-draft')!).answers.writesAnnuities).toBe('No')
    await new Promise((resolve) => setTimeout(resolve, 1200))
    expect(bodies).toHaveLength(0)
  })

  it('Back shows the previous question with its answer, for text and choice questions', async () => {
    const user = renderQualificationForm(content)
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull()
    await answerText(user, 'Jane')
    await user.type(textBox(), 'Do')
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await expectQuestion(content.section, 'firstName', 1, 10)
    expect(textBox()).toHaveValue('Jane')
    await waitFor(() => expect(textBox()).toHaveFocus())
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await expectQuestion(content.section, 'lastName', 2, 10)
    expect(textBox()).toHaveValue('Do')

    await answerText(user, 'Doe')
    await answerText(user, 'jane@doewealth.com')
    await answerText(user, '8645550142')
    await answerText(user, 'Doe Wealth')
    await choose(user, 'RIA')
    await expectQuestion(content.section, 'numberOfAdvisors', 7, 12)
    await user.click(screen.getByRole('button', { name: 'Back' }))
    const roles = (await expectQuestion(content.section, 'role', 6, 12))!
    expect(roles.getByRole('radio', { name: 'RIA' })).toBeChecked()
    await waitFor(() => expect(roles.getByRole('radio', { name: 'RIA' })).toHaveFocus())
  })

  it('changing the role after going back recomputes the steps', async () => {
    const user = renderQualificationForm(content)
    await answerContactQuestions(user)
    await choose(user, 'RIA')
    await choose(user, '26+')
    await expectQuestion(content.section, 'currentAUM', 8, 12)
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await expectQuestion(content.section, 'numberOfAdvisors', 7, 12)
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await expectQuestion(content.section, 'role', 6, 12)
    await choose(user, 'IMO/FMO')
    await expectQuestion(content.section, 'numberOfAgents', 7, 12)
    await choose(user, '1-10')
    await expectQuestion(content.section, 'production12Month', 8, 12)
    await choose(user, 'Over $50M')
    await expectQuestion(content.section, 'primaryChallenge', 9, 12)
  })

  it('Enter advances: in a text box, and on a chosen option', async () => {
    const user = renderQualificationForm(content)
    const typeAndEnter = async (value: string) => {
      const box = textBox()
      await user.type(box, `${value}{Enter}`)
      await settled(box)
    }
    await typeAndEnter('Jane')
    await expectQuestion(content.section, 'lastName', 2, 10)
    await waitFor(() => expect(textBox()).toHaveFocus())
    await typeAndEnter('Doe')
    await typeAndEnter('jane@doewealth.com')
    await typeAndEnter('8645550142')
    await typeAndEnter('Doe Wealth')
    const roles = (await expectQuestion(content.section, 'role', 6, 10))!
    await waitFor(() => expect(roles.getAllByRole('radio')[0]).toHaveFocus())
    await user.keyboard('{ArrowDown}')
    expect(roles.getByRole('radio', { name: 'Independent Advisor' })).toBeChecked()
    await user.keyboard('{Enter}')
    await expectQuestion(content.section, 'currentAUM', 7, 11)
    // Enter with no option chosen reports the error instead of advancing.
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('This question is required')
    await expectQuestion(content.section, 'currentAUM', 7, 11)
  })

  it('moves focus to the new question after Continue, but not on the first render', async () => {
    const user = renderQualificationForm(content)
    expect(textBox()).not.toHaveFocus()
    await user.type(textBox(), 'Jane')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: promptOf(content.section, 'lastName') })).toHaveFocus(),
    )
  })
})

describe('Qualification questionnaire: validation messages', { timeout: 90_000 }, () => {
  let content: QualifyContent
  beforeAll(async () => {
    content = await loadQualifyContent()
  })
  beforeEach(() => sessionStorage.clear())

  /** Submits `value` for the question on screen and returns the message shown (checking its wiring). */
  async function messageFor(user: ReturnType<typeof renderQualificationForm>, value: string): Promise<string> {
    await user.clear(textBox())
    if (value) await user.type(textBox(), value)
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    const alert = await screen.findByRole('alert')
    const box = textBox()
    expect(box).toHaveAttribute('aria-invalid', 'true')
    expect(box.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id)
    await waitFor(() => expect(box).toHaveFocus())
    return alert.textContent ?? ''
  }

  it('shows each rule of SPEC section 5 under its question, and clears it when the answer changes', async () => {
    const user = renderQualificationForm(content)
    expect(await messageFor(user, '')).toBe('This question is required')
    expect(await messageFor(user, '   ')).toBe('This question is required')
    expect(await messageFor(user, ' J ')).toBe('Please enter at least 2 characters')
    await user.type(textBox(), 'x')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(textBox()).not.toHaveAttribute('aria-invalid')
    await answerText(user, 'Jo')

    expect(await messageFor(user, '')).toBe('This question is required')
    expect(await messageFor(user, 'D')).toBe('Please enter at least 2 characters')
    await answerText(user, 'Do')

    expect(await messageFor(user, '')).toBe('Email is required')
    expect(await messageFor(user, '  ')).toBe('Email is required')
    expect(await messageFor(user, 'jane')).toBe('Please enter a valid email')
    expect(await messageFor(user, 'jane@doewealth')).toBe('Please enter a valid email')
    expect(await messageFor(user, 'jane doe@doewealth.com')).toBe('Please enter a valid email')
    await answerText(user, ' jane@doewealth.com ')

    expect(await messageFor(user, '')).toBe('This question is required')
    expect(await messageFor(user, '555-0142')).toBe('Please enter a valid phone number')
    expect(await messageFor(user, '  864555014  ')).toBe('Please enter a valid phone number')
    await answerText(user, '8645550142')

    expect(await messageFor(user, '')).toBe('This question is required')
    expect(await messageFor(user, 'D')).toBe('Company name is required')
    await answerText(user, 'DW')

    await expectQuestion(content.section, 'role', 6, 10)
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    const group = screen.getByRole('radiogroup', { name: promptOf(content.section, 'role') })
    const alert = await within(group).findByRole('alert')
    expect(alert).toHaveTextContent('This question is required')
    expect(group).toHaveAttribute('aria-invalid', 'true')
    expect(group.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id)
    await user.click(screen.getByRole('radio', { name: 'RIA' }))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('caps text answers at the site field limits', () => {
    renderQualificationForm(content)
    expect(textBox()).toHaveAttribute('maxlength', '100')
  })
})
