/** A refused upload or image request, with the status and error type of Sanity's API. */
export class AssetError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    description: string,
  ) {
    super(description)
  }
}
