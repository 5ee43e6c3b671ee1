import type { LinkValue } from '../content/types'
import { ButtonLink, type ButtonVariant } from './Button'

/** What the buttons sit on: the main action must stand out from it, the others stay quieter. */
export type ActionSurface = 'light' | 'dark' | 'brand'

/**
 * A section's buttons (the link field's "Style"). Left unset, the first is the main action and the others
 * are plain, as the field's description tells the editor.
 */
export function ActionButtons({
  actions,
  surface,
  size,
}: {
  actions: (LinkValue & { _key: string })[]
  surface: ActionSurface
  size?: 'md' | 'lg'
}) {
  return actions.map((action, index) => (
    <ButtonLink
      key={action._key}
      href={action.href}
      openInNewTab={action.openInNewTab}
      $size={size}
      $variant={actionVariant(surface, action.style, index)}
    >
      {action.label}
    </ButtonLink>
  ))
}

function actionVariant(surface: ActionSurface, style: LinkValue['style'], index: number): ButtonVariant {
  const isMain = style === 'primary' || (!style && index === 0)
  switch (surface) {
    case 'light':
      return isMain ? 'primary' : (style ?? 'secondary')
    case 'dark':
      return isMain ? 'primary' : 'onDark'
    case 'brand':
      // The brand band is blue: the main action turns white so it stands out from it.
      return isMain ? 'secondary' : 'onDark'
  }
}
