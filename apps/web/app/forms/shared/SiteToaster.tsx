import type { CSSProperties } from 'react'
import { Toaster } from 'sonner'
import { createGlobalStyle } from 'styled-components'
import { theme } from '../../theme/theme'

type ToasterStyle = CSSProperties & Record<`--${string}`, string>

// sonner's colour variables, set from the theme: errors (destructive) in the danger colours, success
// in the accent colours, all with AA contrast.
const toasterStyle: ToasterStyle = {
  fontFamily: theme.font.body,
  '--normal-bg': theme.color.surface,
  '--normal-border': theme.color.border,
  '--normal-text': theme.color.ink,
  '--error-bg': theme.color.dangerSoft,
  '--error-border': theme.color.danger,
  '--error-text': theme.color.danger,
  '--success-bg': theme.color.accentSoft,
  '--success-border': theme.color.accent,
  '--success-text': theme.color.ink,
  '--border-radius': theme.radius.md,
}

/**
 * The page's one notification region, labelled "Notifications" and reached with Alt+T (SPEC section 8).
 * Render it only on pages with a form, lazily, so sonner is not loaded elsewhere.
 */
export function SiteToaster() {
  return (
    <>
      <ToastTypography />
      <Toaster
        position="bottom-right"
        dir="ltr"
        richColors
        closeButton
        containerAriaLabel="Notifications"
        hotkey={['altKey', 'KeyT']}
        style={toasterStyle}
        toastOptions={{ style: { fontSize: theme.fontSize.sm, boxShadow: theme.shadow.lg } }}
      />
    </>
  )
}

// sonner styles its title and description through data attributes only, so they are reached here.
const ToastTypography = createGlobalStyle`
  [data-sonner-toaster] [data-sonner-toast][data-styled] [data-title] { font-weight: 700; font-size: ${theme.fontSize.sm}; }
  [data-sonner-toaster] [data-sonner-toast][data-styled] [data-description] { font-size: ${theme.fontSize.sm}; }
`

export default SiteToaster
