// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { lakeHostForThisPage } from '../../apps/studio/lakeHost'

describe("the Studio's address of the local Content Lake", () => {
  it('is a host name of its own on every page load, on the same port, under .localhost', () => {
    const names = Array.from({ length: 50 }, () => lakeHostForThisPage('http://localhost:3334'))
    for (const name of names) expect(name).toMatch(/^http:\/\/tab-[a-z0-9]+\.localhost:3334$/)
    expect(new Set(names).size).toBe(names.length)
  })

  it('leaves any other API host as it is', () => {
    expect(lakeHostForThisPage('https://api.example.com')).toBe('https://api.example.com')
    expect(lakeHostForThisPage('http://127.0.0.1:3334')).toBe('http://127.0.0.1:3334')
  })
})
