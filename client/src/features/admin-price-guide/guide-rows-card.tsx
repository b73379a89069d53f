import { useState } from 'react';
import { formatCents } from '../../../../shared/money';
import { errorToastMessage } from '../../lib/api-request';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { toast } from '../../ui/use-toast';
import { fetchGuidePage, type GuidePage, type GuideRowView } from './price-guide-api';

/** The stored guide, 20 rows at a time in title order, with its totals. */
export function GuideRowsCard({ firstPage }: { firstPage: GuidePage }) {
  const [more, setMore] = useState<GuideRowView[]>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const next = cursor === undefined ? firstPage.nextCursor : cursor;
  const rows = [...firstPage.items, ...more];
  const { status } = firstPage;

  async function loadMore() {
    if (!next) return;
    setLoading(true);
    try {
      const page = await fetchGuidePage(next);
      setMore((current) => [...current, ...page.items]);
      setCursor(page.nextCursor);
    } catch (failure) {
      toast({
        title: 'Could not load more rows',
        description: errorToastMessage(failure, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setLoading(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">The price guide</CardTitle>
        <CardDescription>
          {status.guideRows.toLocaleString('en-US')} guide rows and {status.salesRows.toLocaleString('en-US')}{' '}
          recorded sales{status.latestAsOf ? `; the newest figures are from ${status.latestAsOf}` : ''}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {rows.length === 0 ? (
          <p className="text-sm text-slate-700">
            No price guide yet: import a CSV file above, and comics of those books get real estimates.
          </p>
        ) : (
          <div
            className="overflow-x-auto focus-visible:outline-3 focus-visible:outline-blue-600/40"
            role="region"
            aria-label="Price guide rows"
            tabIndex={0}
          >
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">Price guide rows</caption>
              <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    Book
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Grade
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Value
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Sales / year
                  </th>
                  <th scope="col" className="py-2">
                    As of
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-b border-slate-100">
                    <td className="py-2 pr-3">
                      {row.title} #{row.issue}
                      {row.variant && <span className="text-slate-600"> · {row.variant}</span>}
                      {row.publisher && <span className="block text-xs text-slate-600">{row.publisher}</span>}
                    </td>
                    <td className="py-2 pr-3 tabular-nums">
                      {row.grade.toFixed(1)}
                      {row.labelCategory !== 'Universal' && (
                        <span className="text-slate-600"> {row.labelCategory}</span>
                      )}
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">{formatCents(row.fairValueCents)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{row.salesLastYear ?? '-'}</td>
                    <td className="py-2 tabular-nums">{row.asOf}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {next && (
          <Button
            type="button"
            variant="outline"
            onClick={() => void loadMore()}
            disabled={loading}
            className="justify-self-start"
          >
            {loading ? 'Loading...' : 'Show more rows'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
