import { type Answers, applicableQuestions, QUESTIONS, type QuestionId } from '@site/leads/schemas/questions'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { QualificationDraft } from './useQualificationDraft'

const FIRST_QUESTION = QUESTIONS[0].id

/**
 * The questionnaire's path through QUESTIONS: which question is on screen given the answers so far, where
 * Continue and Back lead, resuming a saved draft, and focus following the question after a move (never on
 * the first render or a restored draft).
 */
export function useQualificationFlow(answers: Answers) {
  const [currentId, setCurrentId] = useState<QuestionId>(FIRST_QUESTION)
  const questionRef = useRef<HTMLDivElement>(null)
  const focusPending = useRef(false)

  const steps = applicableQuestions(answers)
  const position = Math.max(
    0,
    steps.findIndex((question) => question.id === currentId),
  )

  // Moves focus into the question on screen: its text box, or its chosen (else first) option.
  const focusQuestion = useCallback((options?: FocusOptions) => {
    const container = questionRef.current
    const target =
      container?.querySelector<HTMLInputElement>('input:checked') ?? container?.querySelector<HTMLInputElement>('input')
    target?.focus(options)
  }, [])

  useEffect(() => {
    if (!focusPending.current) return
    focusPending.current = false
    // Continue pressed far down a tall question leaves the next one's progress label above the view or under the
    // sticky header: the form is brought back to its top, below the header (its scroll margin), and the answer
    // is focused where it then is.
    const form = questionRef.current?.closest('form')
    const hidden = form && form.getBoundingClientRect().top < Number.parseFloat(getComputedStyle(form).scrollMarginTop)
    if (hidden) form.scrollIntoView({ block: 'start' })
    focusQuestion({ preventScroll: Boolean(hidden) })
  })

  const goTo = (id: QuestionId) => {
    focusPending.current = true
    setCurrentId(id)
  }

  /** Where a saved draft left off, if that question still applies to its answers; else the first question. */
  const resume = useCallback((saved: QualificationDraft) => {
    const resumable = applicableQuestions(saved.answers).some((question) => question.id === saved.currentId)
    setCurrentId(resumable ? saved.currentId : FIRST_QUESTION)
  }, [])

  return {
    currentId,
    question: steps[position],
    position,
    count: steps.length,
    previous: steps[position - 1],
    /** The question after `id` given these answers (read at the click), or undefined after the last. */
    nextAfter: (id: QuestionId, values: Answers) => {
      const flow = applicableQuestions(values)
      return flow[flow.findIndex((step) => step.id === id) + 1]
    },
    questionRef,
    focusQuestion,
    goTo,
    resume,
  }
}
