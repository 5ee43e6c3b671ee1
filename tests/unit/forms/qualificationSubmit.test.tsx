import { cleanup, screen, waitFor } from '@testing-library/react'
import { type ReactNode, useLayoutEffect, useRef } from 'react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { QualificationForm } from '../../../apps/web/app/forms/qualification/QualificationForm'
import { renderWithTheme } from '../support/render'
import {
  answerContactQuestions,
  CONTACT_ANSWERS,
  captureWebhook,
  choose,
  expectQuestion,
  findNewToast,
  ISO_TIMESTAMP,
  loadQualifyContent,
  type QualifyContent,
  renderQualificationForm,
  textBox,
  toastsShown,
  useTestWebhookUrl,
} from './qualificationTestKit'

const DRAFT_KEY = 'qualification-draft'
const RIA_CHOICES = [
  'RIA',
  '11-25',
  '$100M-$250M',
  'Leads are too expensive',
  'Over $25,000',
  'Immediately (this week)',
]

/** Answers every question of the RIA branch except the last, which is left chosen but not completed. */
async function reachLastQuestion(user: ReturnType<typeof renderQualificationForm>, content: QualifyContent) {
  await answerContactQuestions(user)
  for (const choice of RIA_CHOICES) await choose(user, choice)
  await expectQuestion(content.section, 'decisionMaker', 12, 12)
  await user.click(screen.getByRole('radio', { name: 'Yes' }))
}

// Whole walks through the questionnaire: slower than most unit tests, so they get more time.
describe('Qualification questionnaire: sending the answers', { timeout: 90_000 }, () => {
  let content: QualifyContent
  beforeAll(async () => {
    content = await loadQualifyContent()
  })
  beforeEach(() => {
    sessionStorage.clear()
    useTestWebhookUrl()
  })

  it('POSTs timestamp, source and the applicable answers once, then shows "You\'re All Set!" with the toast', async () => {
    const bodies = captureWebhook()
    const user = renderQualificationForm(content)
    const before = Date.now()
    await reachLastQuestion(user, content)
    const earlierToasts = toastsShown('Thank you for your interest!')
    expect(screen.getByRole('button', { name: 'Complete' })).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Complete' }))
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled()
    expect(await screen.findByRole('heading', { name: "You're All Set!" }, { timeout: 3000 })).toHaveFocus()

    expect(bodies).toHaveLength(1)
    const body = bodies[0] as Record<string, string>
    expect(Object.keys(body)).toEqual([
      'timestamp',
      'source',
      'firstName',
      'lastName',
      'email',
      'phone',
      'company',
      'role',
      'numberOfAdvisors',
      'currentAUM',
      'primaryChallenge',
      'monthlyMarketingBudget',
      'timeline',
      'decisionMaker',
    ])
    expect(body).toEqual({
      timestamp: expect.stringMatching(ISO_TIMESTAMP),
      source: 'Lead Qualification Form',
      ...CONTACT_ANSWERS,
      role: 'RIA',
      numberOfAdvisors: '11-25',
      currentAUM: '$100M-$250M',
      primaryChallenge: 'Leads are too expensive',
      monthlyMarketingBudget: 'Over $25,000',
      timeline: 'Immediately (this week)',
      decisionMaker: 'Yes',
    })
    const sentAt = Date.parse(body.timestamp!)
    expect(sentAt).toBeGreaterThanOrEqual(before - 1)
    expect(sentAt).toBeLessThanOrEqual(Date.now())

    expect(screen.getByText(content.section.successText!)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Visit Our Website' })).toHaveAttribute('href', '/')
    const phone = screen.getByRole('link', { name: content.settings.contactPhone! })
    expect(phone).toHaveAttribute('href', 'tel:8645550142')
    expect(phone.parentElement).toHaveTextContent(`${content.section.phoneCaption} ${content.settings.contactPhone}`)
    const toast = await findNewToast(
      'Thank you for your interest!',
      'Our team will contact you within 24 hours.',
      earlierToasts,
    )
    expect(toast).toHaveAttribute('data-type', 'success')
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull()
  })

  it("sends the Insurance Agent branch with its annuity answers, trimmed, and no other role's answers", async () => {
    const bodies = captureWebhook()
    const user = renderQualificationForm(content)
    await answerContactQuestions(user, { ...CONTACT_ANSWERS, firstName: '  Jane  ', company: ' Doe Wealth ' })
    // An RIA answer given, then abandoned by changing the role, is not sent.
    await choose(user, 'RIA')
    await choose(user, 'Just me')
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await expectQuestion(content.section, 'numberOfAdvisors', 7, 12)
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await expectQuestion(content.section, 'role', 6, 12)
    for (const choice of [
      'Insurance Agent',
      'Yes',
      'Over $5M',
      'Want to scale my practice',
      'Under $2,500',
      'Just researching',
      'No',
    ])
      await choose(user, choice)
    await screen.findByRole('heading', { name: "You're All Set!" }, { timeout: 3000 })
    expect(bodies).toEqual([
      {
        timestamp: expect.stringMatching(ISO_TIMESTAMP),
        source: 'Lead Qualification Form',
        ...CONTACT_ANSWERS,
        role: 'Insurance Agent',
        writesAnnuities: 'Yes',
        annuityProduction: 'Over $5M',
        primaryChallenge: 'Want to scale my practice',
        monthlyMarketingBudget: 'Under $2,500',
        timeline: 'Just researching',
        decisionMaker: 'No',
      },
    ])
  })

  it('a failed webhook is logged and ignored: after the 1000 ms pause the success screen shows', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const bodies = captureWebhook({ fail: true })
    const user = renderQualificationForm(content)
    await reachLastQuestion(user, content)
    const earlierToasts = toastsShown('Thank you for your interest!')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(bodies).toHaveLength(1), { interval: 5 })
    const failedAt = performance.now()
    await waitFor(() =>
      expect(errors).toHaveBeenCalledWith('The qualification answers were not sent', expect.any(TypeError)),
    )
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(screen.queryByText("You're All Set!")).toBeNull()
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled()
    expect(await screen.findByRole('heading', { name: "You're All Set!" }, { timeout: 3000 })).toBeInTheDocument()
    expect(performance.now() - failedAt).toBeGreaterThanOrEqual(900)
    expect(screen.queryByText('Submission failed')).toBeNull()
    await findNewToast('Thank you for your interest!', 'Our team will contact you within 24 hours.', earlierToasts)
  })

  it('a double click, or Enter pressed again, on Complete sends once', async () => {
    const bodies = captureWebhook()
    const user = renderQualificationForm(content)
    await reachLastQuestion(user, content)
    await user.dblClick(screen.getByRole('button', { name: 'Complete' }))
    await user.keyboard('{Enter}{Enter}')
    await user.click(screen.getByRole('button', { name: /Submitting|Complete/ }))
    await screen.findByRole('heading', { name: "You're All Set!" }, { timeout: 3000 })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(bodies).toHaveLength(1)
  })

  it('a filled honeypot shows the normal success but sends nothing', async () => {
    const bodies = captureWebhook()
    const user = renderQualificationForm(content)
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]')!
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull()
    expect(trap).toHaveAttribute('tabindex', '-1')
    await user.type(trap, 'https://spam.example')
    await reachLastQuestion(user, content)
    const earlierToasts = toastsShown('Thank you for your interest!')
    await user.click(screen.getByRole('button', { name: 'Complete' }))
    await screen.findByRole('heading', { name: "You're All Set!" }, { timeout: 3000 })
    await findNewToast('Thank you for your interest!', 'Our team will contact you within 24 hours.', earlierToasts)
    expect(bodies).toHaveLength(0)
  })

  it('an unexpected failure of the submission shows the destructive toast with the phone and keeps the answers', async () => {
    const bodies = captureWebhook()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const user = renderQualificationForm(content)
    await reachLastQuestion(user, content)
    // Restored in this test: vitest restores spies before the next test, after the next block's beforeAll,
    // whose content query reads the time (the giveaway's end).
    const brokenClock = vi.spyOn(Date.prototype, 'toISOString').mockImplementation(() => {
      throw new RangeError('Invalid time value')
    })
    const earlierToasts = toastsShown('Submission failed')
    await user.click(screen.getByRole('button', { name: 'Complete' }))
    const toast = await findNewToast(
      'Submission failed',
      'Please try again or call us at (864) 555-0142',
      earlierToasts,
    )
    expect(toast).toHaveAttribute('data-type', 'error')
    expect(errors).toHaveBeenCalledWith('The qualification submission failed', expect.any(RangeError))
    brokenClock.mockRestore()
    expect(bodies).toHaveLength(0)
    await expectQuestion(content.section, 'decisionMaker', 12, 12)
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked()
    expect(screen.getByRole('button', { name: 'Complete' })).toBeEnabled()
    expect(screen.queryByText("You're All Set!")).toBeNull()
  })
})

describe('Qualification questionnaire: the draft in sessionStorage', () => {
  let content: QualifyContent
  beforeAll(async () => {
    content = await loadQualifyContent()
  })
  beforeEach(() => sessionStorage.clear())

  it('saves the answers and the current question on every change', async () => {
    const user = renderQualificationForm(content)
    await user.type(textBox(), 'Ja')
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY)!)).toEqual({
        answers: { firstName: 'Ja' },
        currentId: 'firstName',
      }),
    )
    await user.type(textBox(), 'ne{Enter}')
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY)!)).toEqual({
        answers: { firstName: 'Jane' },
        currentId: 'lastName',
      }),
    )
  })

  it('restores a saved draft after a reload: the question it was on, with every answer', async () => {
    sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        answers: { ...CONTACT_ANSWERS, role: 'IMO/FMO', numberOfAgents: '26-50' },
        currentId: 'production12Month',
      }),
    )
    const user = renderQualificationForm(content)
    const group = (await expectQuestion(content.section, 'production12Month', 8, 12))!
    expect(group.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Back' }))
    const agents = (await expectQuestion(content.section, 'numberOfAgents', 7, 12))!
    expect(agents.getByRole('radio', { name: '26-50' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await expectQuestion(content.section, 'company', 5, 12)
    expect(textBox()).toHaveValue('Doe Wealth')
  })

  it('the first render (what hydration compares with the prerendered HTML) shows question 1, whatever the draft', async () => {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ answers: CONTACT_ANSWERS, currentId: 'role' }))
    let firstCommit = ''
    // Layout effects run before any passive effect, so this sees the DOM before the draft is restored.
    function FirstCommit({ children }: { children: ReactNode }) {
      const ref = useRef<HTMLDivElement>(null)
      useLayoutEffect(() => {
        firstCommit = ref.current?.innerHTML ?? ''
      }, [])
      return <div ref={ref}>{children}</div>
    }
    renderWithTheme(
      <FirstCommit>
        <QualificationForm section={content.section} phone="(864) 555-0142" headingLevel="h2" />
      </FirstCommit>,
    )
    expect(firstCommit).toContain('Question 1 of 10')
    expect(firstCommit).toContain("What's your first name?")
    expect(firstCommit).not.toContain('radio')
    // ...and then the draft is restored.
    await expectQuestion(content.section, 'role', 6, 10)
  })

  it('ignores a draft it cannot read, and one pointing at a question that does not apply', async () => {
    sessionStorage.setItem(DRAFT_KEY, '{not json')
    renderQualificationForm(content)
    await expectQuestion(content.section, 'firstName', 1, 10)
    cleanup()

    sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ answers: { ...CONTACT_ANSWERS, role: 'RIA' }, currentId: 'numberOfAgents' }),
    )
    renderQualificationForm(content)
    await expectQuestion(content.section, 'firstName', 1, 12)
    expect(textBox()).toHaveValue('Jane')
  })
})
