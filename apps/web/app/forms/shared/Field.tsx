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

export function TextField({
  id,
  label,
  error,
  showError = true,
  invalid,
  hint,
  className,
  required,
  type = 'text',
  ...control
}: TextFieldProps) {
  const isInvalid = Boolean(error) || Boolean(invalid)
  const a11y = controlA11y(id, isInvalid, Boolean(error) && showError, hint, required)
  return (
    <FieldFrame
      id={id}
      label={label}
      error={error}
      showError={showError}
      hint={hint}
      required={required}
      className={className}
    >
      <Input id={id} type={type} {...a11y} {...control} $invalid={isInvalid} />
    </FieldFrame>
  )
}

export function TextAreaField({
  id,
  label,
  error,
  showError = true,
  invalid,
  hint,
  className,
  required,
  ...control
}: TextAreaFieldProps) {
  const isInvalid = Boolean(error) || Boolean(invalid)
  const a11y = controlA11y(id, isInvalid, Boolean(error) && showError, hint, required)
  return (
    <FieldFrame
      id={id}
      label={label}
      error={error}
      showError={showError}
      hint={hint}
      required={required}
      className={className}
    >
      <TextArea id={id} {...a11y} {...control} $invalid={isInvalid} />
    </FieldFrame>
  )
}

export function SelectField({
  id,
  label,
  error,
  showError = true,
  invalid,
  hint,
  className,
  required,
  options,
  placeholder,
  ...control
}: SelectFieldProps) {
  const isInvalid = Boolean(error) || Boolean(invalid)
  const a11y = controlA11y(id, isInvalid, Boolean(error) && showError, hint, required)
  return (
    <FieldFrame
      id={id}
      label={label}
      error={error}
      showError={showError}
      hint={hint}
      required={required}
      className={className}
    >
      <Select id={id} {...a11y} {...control} $invalid={isInvalid}>
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
export function CheckboxField({
  id,
  label,
  error,
  showError = true,
  invalid,
  hint,
  className,
  required,
  ...control
}: CheckboxFieldProps) {
  const isInvalid = Boolean(error) || Boolean(invalid)
  const a11y = controlA11y(id, isInvalid, Boolean(error) && showError, hint, required)
  return (
    <Frame className={className}>
      <CheckRow $invalid={isInvalid}>
        <input id={id} type="checkbox" {...a11y} {...control} />
        <label htmlFor={id}>{label}</label>
      </CheckRow>
      {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
      {showError && <FieldError id={`${id}-error`} message={error} />}
    </Frame>
  )
}

/** The attributes that tie a control to its label state, hint and error message. */
function controlA11y(
  id: string,
  invalid: boolean,
  messageShown: boolean,
  hint: ReactNode,
  required: boolean | undefined,
) {
  const describedBy = [hint ? `${id}-hint` : null, messageShown ? `${id}-error` : null].filter(Boolean).join(' ')
  return {
    required,
    'aria-required': required || undefined,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy || undefined,
  }
}

function FieldFrame({
  id,
  label,
  error,
  showError,
  hint,
  required,
  className,
  children,
}: FieldOwnProps & { required?: boolean; children: ReactNode }) {
  return (
    <Frame className={className}>
      <LabelRow>
        <Label htmlFor={id}>{label}</Label>
        {required && <RequiredMark aria-hidden="true">*</RequiredMark>}
      </LabelRow>
      {children}
      {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
      {showError && <FieldError id={`${id}-error`} message={error} />}
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
