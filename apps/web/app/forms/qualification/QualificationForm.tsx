import { QUALIFICATION_PAUSE_MS } from '@site/leads/limits'
import { firstInvalidQuestion, validateAnswer } from '@site/leads/schemas/qualificationSchema'
import {
  type Answers,
  isDisqualifying,
  QUESTIONS,
  type Question,
  type QuestionId,
  ROLE_OPTIONS,
} from '@site/leads/schemas/questions'
import { ArrowLeft, ArrowRight } from 'lucide-react'
import { startTransition, useCallback, useEffect, useRef, useState } from 'react'
import { type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form'
import styled from 'styled-components'
import { Button } from '../../components/Button'
import type { SectionOf } from '../../content/types'
import { track, trackForm } from '../../insights/track'
import { useFormInsights } from '../../insights/useFormInsights'
import { media } from '../../theme/theme'
import { consentFrom, useContentSource } from '../shared/consentSource'
import { FormButton } from '../shared/FormButton'
import { Honeypot, useHoneypot } from '../shared/Honeypot'
import { submitKeepingUntilStored } from '../shared/pendingLeads'
import { notify } from '../shared/toast'
import { useIdempotencyKey } from '../shared/useIdempotencyKey'
import { useSubmitGuard } from '../shared/useSubmitGuard'
import { ChoiceQuestionField } from './ChoiceQuestionField'
import { QUALIFICATION_TEXT, QUALIFICATION_TOASTS } from './messages'
import { buildQualificationPayload } from './payload'
import { QualificationOutcome } from './QualificationOutcome'
import { QualificationProgress } from './QualificationProgress'
import { wordingFor } from './questionWording'
import { TextQuestionField } from './TextQuestionField'
import { type QualificationDraft, useQualificationDraft } from './useQualificationDraft'
import { useQualificationFlow } from './useQualificationFlow'

type Stage = 'answering' | 'submitting' | 'disqualified' | 'success'
type FormValues = Record<QuestionId, string>

/** Every question unanswered: react-hook-form needs a default value for each field. */
const EMPTY_ANSWERS = Object.fromEntries(QUESTIONS.map(({ id }) => [id, ''])) as FormValues
const ID_PREFIX = 'qualify'

export interface QualificationFormProps {
  section: SectionOf<'qualificationFormSection'>
  /** The phone number offered on the success screen and in the failure toast. */
  phone: string
  /** Level of the outcome screens' heading: one below the section heading. */
  headingLevel: 'h2' | 'h3'
}

/**
 * The lead-qualification questionnaire: one question per screen, only the questions that apply to the
 * answers so far, ending on the disqualified screen or, after sending the answers, "You're All Set!".
 */
export function QualificationForm({ section, phone, headingLevel }: QualificationFormProps) {
  const { register, control, trigger, clearErrors, setError, getValues, reset, formState } = useForm<FormValues>({
    defaultValues: EMPTY_ANSWERS,
  })
  const answers = useWatch({ control })
  const [stage, setStage] = useState<Stage>('answering')
  const honeypot = useHoneypot()
  const leadKey = useIdempotencyKey()
  const guard = useSubmitGuard()
  const source = useContentSource()
  const flow = useQualificationFlow(answers)
  const { question, position, currentId, resume } = flow
  // The funnel: each question reached and answered once per form shown, with the branch (the role answer).
  const insights = useFormInsights('qualify', { reportsSubmit: true })
  const counted = useRef(new Set<string>())
  const trackQuestion = (step: 'reached' | 'answered', id: QuestionId, role: string | undefined) => {
    if (counted.current.has(`${step}:${id}`)) return
    counted.current.add(`${step}:${id}`)
    const branch = ROLE_OPTIONS.find((option) => option === role) ?? ''
    track({ type: 'question', step, question: id, branch })
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per question on screen
  useEffect(() => {
    if (stage === 'answering') trackQuestion('reached', currentId, getValues('role'))
  }, [currentId, stage])

  const restore = useCallback(
    (saved: QualificationDraft) => {
      reset({ ...EMPTY_ANSWERS, ...saved.answers })
      resume(saved)
    },
    [reset, resume],
  )
  const clearDraft = useQualificationDraft(
    { answers: givenAnswers(answers), currentId },
    stage === 'answering' || stage === 'submitting',
    restore,
  )

  const submit = async (values: FormValues) => {
    setStage('submitting')
    trackForm('qualify', 'submitted')
    try {
      // A failed send must not stop the visitor (SPEC section 7): the browser keeps it and sends it again.
      await submitKeepingUntilStored('qualify', {
        payload: buildQualificationPayload(values),
        idempotencyKey: leadKey.current(),
        proof: await leadKey.proof(),
        honeypot: honeypot.value(),
        // The questionnaire shows no consent copy: its record is the section text the visitor read above it.
        consent: consentFrom(source, {
          kind: 'disclosure',
          text: section.text,
          field: `sections[_key=="${section._key}"].text`,
        }),
      }).catch((error: unknown) => {
        console.error('The qualification answers were not sent', error)
      })
      await pause(QUALIFICATION_PAUSE_MS)
      clearDraft()
      setStage('success')
      notify.success(QUALIFICATION_TOASTS.success.title, QUALIFICATION_TOASTS.success.description)
    } catch (error) {
      console.error('The qualification submission failed', error)
      const failure = QUALIFICATION_TOASTS.failure(phone)
      notify.error(failure.title, failure.description)
      setStage('answering')
    }
  }

  const handleContinue = async () => {
    if (stage !== 'answering' || !question) return
    const values = getValues()
    // Checked here, in the click's own task, rather than with the form's async trigger(), whose
    // "validating" state re-rendered the whole form before the answer was even read.
    const problem = validateAnswer(question, values[question.id])
    if (problem) {
      setError(question.id, { type: 'validate', message: problem })
      flow.focusQuestion()
      return
    }
    trackQuestion('answered', question.id, values.role)
    if (isDisqualifying(question.id, values[question.id])) {
      setStage('disqualified')
      return
    }
    const next = flow.nextAfter(question.id, values)
    if (next) {
      // The next question renders in a transition: the browser paints the press at once, not after it.
      startTransition(() => flow.goTo(next.id))
      return
    }
    // A draft edited by hand could hold an invalid earlier answer: send the visitor back to it.
    const invalid = firstInvalidQuestion(values)
    if (invalid) {
      flow.goTo(invalid.id)
      await trigger(invalid.id)
      return
    }
    await submit(values)
  }

  const handleBack = () => {
    if (!flow.previous || stage !== 'answering') return
    clearErrors(currentId)
    flow.goTo(flow.previous.id)
  }

  if (stage === 'success' || stage === 'disqualified') {
    return (
      <Card>
        <QualificationOutcome
          kind={stage}
          headingLevel={headingLevel}
          heading={stage === 'success' ? QUALIFICATION_TEXT.successHeading : section.disqualifiedHeading}
          text={stage === 'success' ? section.successText : QUALIFICATION_TEXT.disqualified}
          websiteLabel={section.websiteLabel}
          phone={stage === 'success' ? { caption: section.phoneCaption, number: phone } : undefined}
        />
      </Card>
    )
  }

  if (!question) return null
  const isLast = position === flow.count - 1
  const submitting = stage === 'submitting'
  const error = formState.errors[question.id]?.message
  const field = register(question.id, {
    validate: (value) => validateAnswer(question, value) ?? true,
    onChange: () => clearErrors(question.id),
  })

  return (
    <Card>
      <form ref={insights} noValidate onSubmit={guard(handleContinue)}>
        <QualificationProgress id={ID_PREFIX} position={position + 1} count={flow.count} />
        <QuestionArea key={question.id} ref={flow.questionRef}>
          <QuestionField question={question} section={section} error={error} field={field} />
        </QuestionArea>
        <Honeypot ref={honeypot.ref} idPrefix={ID_PREFIX} />
        <Actions>
          {position > 0 && (
            <Button type="button" $variant="secondary" $size="lg" onClick={handleBack} disabled={submitting}>
              <ArrowLeft aria-hidden="true" focusable="false" size={18} />
              {QUALIFICATION_TEXT.back}
            </Button>
          )}
          <ContinueButton busy={submitting} busyLabel={QUALIFICATION_TEXT.submitting}>
            {isLast ? QUALIFICATION_TEXT.complete : QUALIFICATION_TEXT.continue}
            {!isLast && <ArrowRight aria-hidden="true" focusable="false" size={18} />}
          </ContinueButton>
        </Actions>
      </form>
    </Card>
  )
}

export default QualificationForm

function QuestionField({
  question,
  section,
  error,
  field,
}: {
  question: Question
  section: QualificationFormProps['section']
  error: string | undefined
  field: UseFormRegisterReturn<QuestionId>
}) {
  const id = `${ID_PREFIX}-${question.id}`
  const wording = wordingFor(section.questions, question.id)
  return question.type === 'choice' ? (
    <ChoiceQuestionField id={id} question={question} wording={wording} error={error} field={field} />
  ) : (
    <TextQuestionField id={id} question={question} wording={wording} error={error} field={field} />
  )
}

/** The answers worth keeping in the draft: the ones given. */
function givenAnswers(values: Answers): Answers {
  const given: Answers = {}
  for (const { id } of QUESTIONS) {
    const value = values[id]
    if (value) given[id] = value
  }
  return given
}

function pause(milliseconds: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, milliseconds))
}

const Card = styled.div`
  max-width: 44rem;
  margin-inline: auto;
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.lg};
  ${media.sm} { padding: ${({ theme }) => theme.space.xxl}; }
  form {
    display: grid;
    gap: ${({ theme }) => theme.space.xl};
    /* Brought into view after Continue: its progress label clear of the sticky header (4.25rem) by 1.25rem. */
    scroll-margin-top: 5.5rem;
  }
`

const QuestionArea = styled.div`
  min-height: 9rem;
  /* A focused answer scrolled into view stays clear of the sticky header, with its prompt above it. */
  input { scroll-margin-top: 12rem; }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  justify-content: flex-end;
  padding-top: ${({ theme }) => theme.space.lg};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  > * { flex: 1 1 0; }
  ${media.sm} { > * { flex: 0 0 auto; } }
  > button:first-child:not(:last-child) { margin-right: auto; }
`

const ContinueButton = styled(FormButton)`
  min-width: 9.5rem;
`
