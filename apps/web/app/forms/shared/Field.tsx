import { AlertCircle } from 'lucide-react'
import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'
import styled, { css } from 'styled-components'

/**
 * Labelled form controls. Each takes the control's own attributes (so `{...register('name')}` from
 * react-hook-form spreads onto it), a visible `label`, and an `error` message: when set, the control
 * is `aria-invalid`, gets a red border, and — unless `showError` is false (a form that reports errors
 * in a toast instead) — the message is shown under it, announced, and referenced by `aria-describedby`.
 * `required` sets both the browser's `required` and `aria-required`.
 */
interface FieldOwnProps {
  id: string
  label: ReactNode
  error?: string
  showError?: boolean
  /** Marks the control invalid without a message (the form reports the problem elsewhere). */
  invalid?: boolean
  /** A hint under the control, also referenced by aria-describedby. */
  hint?: ReactNode
  className?: string
}

export type TextFieldProps = FieldOwnProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: Ref<HTMLInputElement> }
export type TextAreaFieldProps = FieldOwnProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { ref?: Ref<HTMLTextAreaElement> }
export type SelectFieldProps = FieldOwnProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
    ref?: Ref<HTMLSelectElement>
    options: ReadonlyArray<{ value: string; label: string }>
    /** Shown as the empty first option (value ""). */
    placeholder?: string
  }
export type CheckboxFieldProps = FieldOwnProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & { ref?: Ref<HTMLInputElement> }

export function TextField({ type = 'text', ...props }: TextFieldProps) {
  const { frame, a11y, control } = fieldParts(props)
  return (
    <FieldFrame {...frame}>
      <Input id={frame.id} type={type} {...a11y} {...control} $invalid={frame.invalid} />
    </FieldFrame>
  )
}

export function TextAreaField(props: TextAreaFieldProps) {
  const { frame, a11y, control } = fieldParts(props)
  return (
    <FieldFrame {...frame}>
      <TextArea id={frame.id} {...a11y} {...control} $invalid={frame.invalid} />
    </FieldFrame>
  )
}

export function SelectField({ options, placeholder, ...props }: SelectFieldProps) {
  const { frame, a11y, control } = fieldParts(props)
  return (
    <FieldFrame {...frame}>
      <Select id={frame.id} {...a11y} {...control} $invalid={frame.invalid}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </FieldFrame>
  )
}

/** A checkbox with its label beside it (the label may be a long sentence). */
export function CheckboxField(props: CheckboxFieldProps) {
  const { frame, a11y, control } = fieldParts(props)
  return (
    <FieldFrame {...frame} labelBeside>
      <input id={frame.id} type="checkbox" {...a11y} {...control} />
    </FieldFrame>
  )
}

/** The ids a field's hint and error message carry, which its control's `aria-describedby` names. */
export function fieldMessageIds(id: string) {
  return { hint: `${id}-hint`, error: `${id}-error` }
}

/** The control's `aria-describedby`: its hint, then its error message while one is shown. */
export function describedBy(id: string, hasHint: boolean, messageShown: boolean): string | undefined {
  const ids = fieldMessageIds(id)
  return [hasHint ? ids.hint : null, messageShown ? ids.error : null].filter(Boolean).join(' ') || undefined
}

/**
 * Splits a field's props into what its frame draws (label, hint, error) and the control's own attributes,
 * and gives the control the attributes that tie it to its required state, hint and error message.
 */
function fieldParts<Control extends { required?: boolean }>({
  id,
  label,
  error,
  showError = true,
  invalid,
  hint,
  className,
  ...rest
}: FieldOwnProps & Control) {
  const { required, ...control } = rest
  const isInvalid = Boolean(error) || Boolean(invalid)
  const a11y = {
    required,
    'aria-required': required || undefined,
    'aria-invalid': isInvalid || undefined,
    'aria-describedby': describedBy(id, Boolean(hint), Boolean(error) && showError),
  }
  const frame = { id, label, error, showError, hint, required, className, invalid: isInvalid }
  return { frame, a11y, control }
}

/** Label (above the control, or beside a checkbox), the control, its hint and its error message. */
function FieldFrame({
  id,
  label,
  error,
  showError,
  hint,
  required,
  className,
  invalid,
  labelBeside,
  children,
}: Omit<FieldOwnProps, 'invalid'> & {
  invalid: boolean
  required?: boolean
  labelBeside?: boolean
  children: ReactNode
}) {
  const ids = fieldMessageIds(id)
  return (
    <Frame className={className}>
      {labelBeside ? (
        <CheckRow $invalid={invalid}>
          {children}
          <label htmlFor={id}>{label}</label>
        </CheckRow>
      ) : (
        <>
          <LabelRow>
            <Label htmlFor={id}>{label}</Label>
            {required && <RequiredMark aria-hidden="true">*</RequiredMark>}
          </LabelRow>
          {children}
        </>
      )}
      {hint && <Hint id={ids.hint}>{hint}</Hint>}
      {showError && <FieldError id={ids.error} message={error} />}
    </Frame>
  )
}

/** A field's error message, announced when it appears. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <ErrorText id={id} role="alert">
      <AlertCircle aria-hidden="true" focusable="false" size={16} />
      {message}
    </ErrorText>
  )
}

/** Two columns from the md breakpoint up; `FieldSpan` takes a full row. */
export const FieldGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  @media (min-width: ${({ theme }) => theme.breakpoint.sm}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`

export const FieldSpan = styled.div`
  grid-column: 1 / -1;
`

const Frame = styled.div`
  display: grid;
  gap: 0.375rem;
  min-width: 0;
`

const LabelRow = styled.div`
  display: flex;
  align-items: baseline;
  gap: 0.25rem;
`

const Label = styled.label`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.color.ink};
`

const RequiredMark = styled.span`
  color: ${({ theme }) => theme.color.danger};
  font-weight: 700;
`

const controlStyles = css<{ $invalid: boolean }>`
  width: 100%;
  min-height: 2.875rem;
  padding: 0.625rem 0.875rem;
  border: 1px solid ${({ theme }) => theme.color.muted};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.ink};
  font-size: ${({ theme }) => theme.fontSize.md};
  line-height: 1.4;
  /* Focused after a failed submit: keep the field clear of the sticky site header. */
  scroll-margin-block: 6rem;
  transition: border-color 0.15s ease, box-shadow 0.15s ease;
  &::placeholder { color: ${({ theme }) => theme.color.muted}; opacity: 1; }
  &:hover { border-color: ${({ theme }) => theme.color.ink}; }
  &:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.color.brand};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.color.brandSoft}, 0 0 0 4px ${({ theme }) => theme.color.focus};
  }
  ${({ theme, $invalid }) =>
    $invalid &&
    css`
      border-color: ${theme.color.danger};
      box-shadow: inset 0 0 0 1px ${theme.color.danger};
      &:hover { border-color: ${theme.color.danger}; }
      &:focus-visible {
        border-color: ${theme.color.danger};
        box-shadow: inset 0 0 0 1px ${theme.color.danger}, 0 0 0 3px ${theme.color.dangerSoft}, 0 0 0 4px ${theme.color.focus};
      }
    `}
`

const Input = styled.input<{ $invalid: boolean }>`
  ${controlStyles}
`

const TextArea = styled.textarea<{ $invalid: boolean }>`
  ${controlStyles}
  resize: vertical;
`

const Select = styled.select<{ $invalid: boolean }>`
  ${controlStyles}
  appearance: none;
  padding-right: 2.5rem;
  background-image: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='16' height='16' viewBox='0 0 24 24' fill='none' stroke='%235b6678' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E");
  background-repeat: no-repeat;
  background-position: right 0.875rem center;
  cursor: pointer;
`

const CheckRow = styled.div<{ $invalid: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: 0.75rem;
  input {
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    margin: 0.15rem 0 0;
    accent-color: ${({ theme }) => theme.color.brand};
    cursor: pointer;
    ${({ theme, $invalid }) => $invalid && css`outline: 2px solid ${theme.color.danger}; outline-offset: 2px;`}
  }
  label {
    font-size: ${({ theme }) => theme.fontSize.sm};
    color: ${({ theme }) => theme.color.text};
    cursor: pointer;
  }
`

const Hint = styled.p`
  font-size: ${({ theme }) => theme.fontSize.xs};
  color: ${({ theme }) => theme.color.muted};
`

const ErrorText = styled.p`
  display: flex;
  align-items: center;
  gap: 0.375rem;
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 500;
  color: ${({ theme }) => theme.color.danger};
  svg { flex: none; }
`
