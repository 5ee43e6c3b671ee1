import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createFileDataset } from '@site/content-api'
import { afterEach, describe, expect, it } from 'vitest'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function datasetFile(lines: object[]) {
  const dir = mkdtempSync(join(tmpdir(), 'file-dataset-'))
  dirs.push(dir)
  const file = join(dir, 'seed.ndjson')
  const write = (documents: object[]) => {
    // As the local Content Lake writes it: a new file renamed over the old one.
    writeFileSync(`${file}.next`, `${documents.map((document) => JSON.stringify(document)).join('\n')}\n`)
    renameSync(`${file}.next`, file)
  }
  write(lines)
  return { file, write }
}

describe('a dataset read from its file', () => {
  it('reads the file again once it is replaced, parsing only the lines that changed', () => {
    const home = { _id: 'page.home', _type: 'page', title: 'Home' }
    const about = { _id: 'page.about', _type: 'page', title: 'About' }
    const { file, write } = datasetFile([home, about])
    const documents = createFileDataset(file)
    const before = documents()
    expect(documents()).toBe(before)

    write([home, { ...about, title: 'About Us' }])
    const after = documents()
    expect(after).toEqual([home, { ...about, title: 'About Us' }])
    expect(after[0]).toBe(before[0])
    expect(after[1]).not.toBe(before[1])
  })

  it('names the file and line of a document that is not valid JSON', () => {
    const { file, write } = datasetFile([{ _id: 'page.home', _type: 'page' }])
    const documents = createFileDataset(file)
    documents()
    writeFileSync(`${file}.next`, '{"_id":"page.home","_type":"page"}\n{"_id": \n')
    renameSync(`${file}.next`, file)
    expect(() => documents()).toThrow(`${file}:2: not valid JSON`)
    write([{ _id: 'page.home', _type: 'page' }])
    expect(documents()).toEqual([{ _id: 'page.home', _type: 'page' }])
  })
})
