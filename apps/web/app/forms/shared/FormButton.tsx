import { Loader2 } from 'lucide-react'
import type { ButtonHTMLAttributes, ReactNode } from 'react'
import styled, { keyframes } from 'styled-components'
import { Button } from '../../components/Button'
import { useHydrated } from './useHydrated'

interface FormButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  children: ReactNode
  /** While true the button is disabled, shows a spinner and reads `busyLabel`. */
  busy?: boolean
  busyLabel?: ReactNode
  fullWidth?: boolean
}

/**
 * A form's submit button. It stays disabled until the form's code has hydrated, so an early click never
 * falls back to the browser's native submission (see useHydrated).
 */
export function FormButton({
  children,
  busy = false,
  busyLabel,
  fullWidth,
  disabled,
  type = 'submit',
  ...rest
}: FormButtonProps) {
  const hydrated = useHydrated()
  return (
    <SubmitButton type={type} $size="lg" $fullWidth={fullWidth} disabled={!hydrated || busy || disabled} {...rest}>
      {busy && <Spinner aria-hidden="true" focusable="false" size={18} />}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </SubmitButton>
  )
}

const spin = keyframes`
  to { transform: rotate(360deg); }
`

const SubmitButton = styled(Button)<{ $fullWidth?: boolean }>`
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  font-size: ${({ theme }) => theme.fontSize.md};
`

const Spinner = styled(Loader2)`
  animation: ${spin} 0.8s linear infinite;
`
