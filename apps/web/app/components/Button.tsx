import styled, { css } from 'styled-components'
import { SmartLink } from './SmartLink'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'onDark'

export const buttonStyles = css<{ $variant?: ButtonVariant; $size?: 'md' | 'lg' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: ${({ $size }) => ($size === 'lg' ? '3.25rem' : '2.75rem')};
  padding: 0 ${({ $size }) => ($size === 'lg' ? '1.75rem' : '1.25rem')};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1.5px solid transparent;
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSize.sm};
  line-height: 1.2;
  text-decoration: none;
  cursor: pointer;
  transition: background-color 0.15s ease, color 0.15s ease, border-color 0.15s ease, box-shadow 0.15s ease;
  &:disabled { cursor: not-allowed; opacity: 0.7; }
  ${({ theme, $variant = 'primary' }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: ${theme.color.brand};
          color: #fff;
          box-shadow: ${theme.shadow.sm};
          &:hover:not(:disabled) { background: ${theme.color.brandHover}; }
        `
      case 'secondary':
        return css`
          background: ${theme.color.surface};
          color: ${theme.color.ink};
          border-color: ${theme.color.border};
          &:hover:not(:disabled) { border-color: ${theme.color.brand}; color: ${theme.color.brand}; }
        `
      case 'onDark':
        return css`
          background: transparent;
          color: #fff;
          border-color: rgba(255, 255, 255, 0.55);
          &:hover:not(:disabled) { background: rgba(255, 255, 255, 0.1); border-color: #fff; }
        `
      case 'ghost':
        return css`
          background: transparent;
          color: ${theme.color.brand};
          padding-inline: 0.25rem;
          &:hover:not(:disabled) { text-decoration: underline; }
        `
    }
  }}
`

export const Button = styled.button<{ $variant?: ButtonVariant; $size?: 'md' | 'lg' }>`
  ${buttonStyles}
`

export const ButtonLink = styled(SmartLink)<{ $variant?: ButtonVariant; $size?: 'md' | 'lg' }>`
  ${buttonStyles}
`
