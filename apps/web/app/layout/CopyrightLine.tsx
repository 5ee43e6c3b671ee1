import { useEffect, useState } from 'react'

/**
 * "© {year} {company}. {text}" with the current year. The prerendered page carries its build year;
 * the visitor's clock corrects it after hydration, so a page built in December is right in January.
 */
export function CopyrightLine({ companyName, text }: { companyName: string | null; text: string | null }) {
  const [year, setYear] = useState(() => new Date().getFullYear())
  useEffect(() => setYear(new Date().getFullYear()), [])
  return (
    <p>
      © {year} {companyName}
      {text ? `. ${text}` : ''}
    </p>
  )
}
