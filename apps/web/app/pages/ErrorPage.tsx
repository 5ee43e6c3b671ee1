import { isRouteErrorResponse } from 'react-router'
import { Screen } from './NotFoundPage'

/** The generic error screen: the status and text of a route error, or the message of a thrown error. */
export function ErrorPage({ error }: { error: unknown }) {
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error)
  return (
    <Screen>
      <h1>Unexpected Application Error!</h1>
      <p>{detail}</p>
    </Screen>
  )
}
