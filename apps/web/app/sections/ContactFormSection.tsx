import { Clock, Mail, Phone } from 'lucide-react'
import { Suspense } from 'react'
import styled from 'styled-components'
import { Container } from '../components/Container'
import { SmartLink } from '../components/SmartLink'
import { FormCard, FormCardHeader } from '../forms/shared/FormCard'
import { lazyDefault } from '../islands/lazyComponent'
import { media } from '../theme/theme'
import { headingLevels } from './headingLevels'
import type { SectionProps } from './SectionProps'
import { Band } from './SectionShell'

// The form and its libraries load only on pages that show it; the prerendered HTML still contains it.
const ContactForm = lazyDefault(() => import('../forms/contact/ContactForm'))

/**
 * A message form, beside the direct contact details and the response-time promise when the editor filled
 * them (the contact page does; a campaign page may leave them out, and the form then stands alone).
 */
export function ContactFormSection({ section, settings, isPageHeading }: SectionProps<'contactFormSection'>) {
  const Heading = headingLevels(isPageHeading).section
  const email = settings.contactEmail
  const phone = settings.contactPhone
  const hasDetails = Boolean(section.detailsHeading || section.detailsText)
  const hasResponse = Boolean(section.responseHeading || section.responseText)
  const hasAside = hasDetails || hasResponse
  return (
    <Band id={section.anchor ?? undefined} $tone="alt">
      <Container>
        <Layout $alone={!hasAside}>
          <FormCard>
            <FormCardHeader>
              {section.heading && <Heading>{section.heading}</Heading>}
              {section.text && <p>{section.text}</p>}
            </FormCardHeader>
            <Suspense fallback={null}>
              <ContactForm copy={section} />
            </Suspense>
          </FormCard>
          {hasAside && (
            <Aside>
              {hasDetails && (
                <DetailsCard>
                  {section.detailsHeading && <h2>{section.detailsHeading}</h2>}
                  {section.detailsText && <p>{section.detailsText}</p>}
                  <ContactList>
                    {email && (
                      <li>
                        <IconBubble>
                          <Mail aria-hidden="true" focusable="false" size={20} />
                        </IconBubble>
                        <div>
                          {section.emailCaption && <Caption>{section.emailCaption}</Caption>}
                          <SmartLink href={`mailto:${email}`}>{email}</SmartLink>
                        </div>
                      </li>
                    )}
                    {phone && (
                      <li>
                        <IconBubble>
                          <Phone aria-hidden="true" focusable="false" size={20} />
                        </IconBubble>
                        <div>
                          {section.phoneCaption && <Caption>{section.phoneCaption}</Caption>}
                          <SmartLink href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</SmartLink>
                        </div>
                      </li>
                    )}
                  </ContactList>
                </DetailsCard>
              )}
              {hasResponse && (
                <ResponseNote>
                  <Clock aria-hidden="true" focusable="false" size={22} />
                  <div>
                    {section.responseHeading && <h3>{section.responseHeading}</h3>}
                    {section.responseText && <p>{section.responseText}</p>}
                  </div>
                </ResponseNote>
              )}
            </Aside>
          )}
        </Layout>
      </Container>
    </Band>
  )
}

const Layout = styled.div<{ $alone: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  align-items: start;
  ${({ $alone, theme }) =>
    $alone
      ? `max-width: ${theme.layout.narrow}; margin-inline: auto;`
      : `${media.md} { grid-template-columns: minmax(0, 1.65fr) minmax(0, 1fr); }`}
`

const Aside = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`

const DetailsCard = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: clamp(1.25rem, 1rem + 1.5vw, 2rem);
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.navy};
  color: ${({ theme }) => theme.color.onDarkMuted};
  box-shadow: ${({ theme }) => theme.shadow.md};
  h2 { font-size: ${({ theme }) => theme.fontSize.h3}; color: ${({ theme }) => theme.color.onDark}; }
`

const ContactList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding: 0;
  list-style: none;
  li { display: flex; align-items: center; gap: 0.875rem; min-width: 0; }
  li > div { display: grid; min-width: 0; }
  a {
    color: ${({ theme }) => theme.color.onDark};
    font-weight: 600;
    text-decoration: none;
    overflow-wrap: anywhere;
    &:hover { text-decoration: underline; }
  }
`

const IconBubble = styled.span`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: 2.75rem;
  height: 2.75rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: rgba(255, 255, 255, 0.1);
  color: #8fb3ff;
`

const Caption = styled.span`
  font-size: ${({ theme }) => theme.fontSize.xs};
  color: ${({ theme }) => theme.color.onDarkMuted};
`

const ResponseNote = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-left: 4px solid ${({ theme }) => theme.color.accent};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  > svg { flex: none; color: ${({ theme }) => theme.color.accent}; margin-top: 0.125rem; }
  h3 { font-size: ${({ theme }) => theme.fontSize.md}; margin-bottom: 0.25rem; }
  p { font-size: ${({ theme }) => theme.fontSize.sm}; }
`
