import { describe, expect, it } from 'vitest'
import { parseSpendCsv } from '../../apps/server/src/insights/spendImport'

describe('a spend CSV', () => {
  it('names each bad row by its line and column, and imports nothing then', () => {
    const result = parseSpendCsv(
      [
        'campaign,source,medium,month,amount',
        'imo-q4,facebook,paid,2026-11,3000',
        ',google,cpc,2026-11,10',
        'brand,google,cpc,2026-13,10',
        'brand,google,cpc,2026-11,-5',
        'brand,google,cpc,2026-10,12.345',
        'brand,google,cpc,2026-09,lots',
        'imo-q4,facebook,paid,2026-11,2900',
        'short,row',
      ].join('\n'),
    )
    expect(result).toEqual({
      errors: [
        'line 3, campaign: required: the utm_campaign value',
        'line 4, month: give the month as YYYY-MM, e.g. 2026-11',
        'line 5, amount: must not be negative',
        'line 6, amount: at most two decimals (cents)',
        'line 7, amount: a number of US dollars, e.g. 1250.50',
        'line 8: the same campaign, source, medium and month as line 2',
        'line 9: 2 fields where the header has 5',
      ],
    })
    expect(parseSpendCsv('campaign,cost,month\nx,1,2026-11')).toEqual({
      errors: [
        'line 1: "cost" is not a column; the column "amount" is missing (columns: campaign, source, medium, month, amount)',
      ],
    })
  })

  it('reads quoted fields, a byte-order mark, CRLF and columns in any order; a blank source or medium is none', () => {
    expect(parseSpendCsv('\uFEFFmonth,amount,campaign,source\r\n2026-11,"1250.50","fall, east",\r\n')).toEqual({
      entries: [{ campaign: 'fall, east', source: undefined, month: '2026-11', amount: 1250.5 }],
    })
  })
})
