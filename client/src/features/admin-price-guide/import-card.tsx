import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatCents } from '../../../../shared/money';
import type { ImportReport } from '../../../../shared/schemas/valuation';
import { errorToastMessage } from '../../lib/api-request';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Label } from '../../ui/label';
import { toast } from '../../ui/use-toast';
import { importCsv, PRICE_GUIDE_QUERY_KEY } from './price-guide-api';

type Phase = 'idle' | 'checking' | 'checked' | 'importing' | 'imported';

const plural = (count: number, word: string) =>
  `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

/** What a report counts, in words. */
function summary(report: ImportReport): string {
  return `${plural(report.rows, 'row')}: ${report.inserted.toLocaleString('en-US')} new, ${report.updated.toLocaleString('en-US')} updated, ${report.unchanged.toLocaleString('en-US')} unchanged.`;
}

/**
 * Upload of a price-guide or sales CSV. The file is checked first (the server runs the import and
 * rolls it back) and the preview says what would change; only then does Import write it. A file with
 * a bad row shows every error with its line number and writes nothing.
 */
export function ImportCard() {
  const inputId = useId();
  const statusId = useId();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>('idle');
  const [fileName, setFileName] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const csv = useRef<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    setReport(null);
    setPhase('checking');
    try {
      csv.current = await file.text();
      setReport(await importCsv(csv.current, true));
      setPhase('checked');
    } catch (failure) {
      setPhase('idle');
      toast({
        title: 'Could not check the file',
        description: errorToastMessage(failure, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  async function onImport() {
    if (!csv.current) return;
    setPhase('importing');
    try {
      const result = await importCsv(csv.current, false);
      setReport(result);
      setPhase(result.errors.length > 0 ? 'checked' : 'imported');
      if (result.errors.length === 0) {
        toast({ title: 'Price Guide Imported', description: summary(result) });
        await queryClient.invalidateQueries({ queryKey: PRICE_GUIDE_QUERY_KEY });
      }
    } catch (failure) {
      setPhase('checked');
      toast({
        title: 'Import Failed',
        description: errorToastMessage(failure, 'Nothing was written. Please try again.'),
        variant: 'destructive',
      });
    }
  }

  function reset() {
    csv.current = null;
    setReport(null);
    setFileName(null);
    setPhase('idle');
    if (input.current) input.current.value = '';
  }

  const changes = report ? report.inserted + report.updated : 0;
  const busy = phase === 'checking' || phase === 'importing';
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Import a CSV file</CardTitle>
        <CardDescription>
          A price guide (title, issue, publisher, variant, cover_date, grade, label, fair_market_value_usd,
          sales_last_365_days, avg_30_days_usd, avg_90_days_usd, avg_365_days_usd, as_of) or individual sales
          (title, issue, variant, grade, price, date, source). You see what will change before anything is
          saved; importing the same file again changes nothing.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={inputId}>CSV file</Label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(event) => void onFile(event)}
            aria-describedby={statusId}
            className="block w-full text-sm text-slate-900 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-900 file:px-4 file:py-2.5 file:font-semibold file:text-white hover:file:bg-slate-700"
          />
        </div>
        <div id={statusId} role="status" aria-live="polite" className="text-sm text-slate-700">
          {phase === 'checking' && `Checking ${fileName}...`}
          {phase === 'importing' && `Importing ${fileName}...`}
        </div>
        {report && report.errors.length > 0 && (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
            <p className="font-semibold">
              {fileName} was not imported: nothing was written. Fix{' '}
              {report.errors.length === 1 ? 'this row' : 'these rows'} and choose the file again.
            </p>
            <ul className="mt-2 grid list-disc gap-1 pl-5">
              {report.errors.map((error) => (
                <li key={`${error.line}-${error.message}`}>{error.message}</li>
              ))}
            </ul>
          </div>
        )}
        {report && report.errors.length === 0 && (
          <div className="grid gap-3">
            <p className="text-sm text-slate-900">
              <span className="font-semibold">
                {phase === 'imported' ? 'Imported' : 'Preview'} (
                {report.kind === 'sales' ? 'sales' : 'price guide'}):
              </span>{' '}
              {summary(report)}
            </p>
            {report.sample.length > 0 && (
              <div
                className="overflow-x-auto focus-visible:outline-3 focus-visible:outline-blue-600/40"
                role="region"
                aria-label="Changes in the file"
                tabIndex={0}
              >
                <table className="w-full min-w-[36rem] text-left text-sm">
                  <caption className="sr-only">
                    {phase === 'imported' ? 'Rows that changed' : 'Rows that will change'} (first{' '}
                    {report.sample.length})
                  </caption>
                  <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
                    <tr>
                      <th scope="col" className="py-2 pr-3">
                        Line
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        Change
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        Book
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        Grade
                      </th>
                      <th scope="col" className="py-2 text-right">
                        Value
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.sample.map((row) => (
                      <tr key={row.line} className="border-b border-slate-100">
                        <td className="py-2 pr-3 tabular-nums">{row.line}</td>
                        <td className="py-2 pr-3">{row.change === 'insert' ? 'New' : 'Updated'}</td>
                        <td className="py-2 pr-3">
                          {row.title} #{row.issue}
                          {row.variant && <span className="text-slate-600"> · {row.variant}</span>}
                        </td>
                        <td className="py-2 pr-3 tabular-nums">{row.grade.toFixed(1)}</td>
                        <td className="py-2 text-right tabular-nums">{formatCents(row.valueCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <div className="flex flex-col gap-3 sm:flex-row">
              {phase !== 'imported' && (
                <Button type="button" onClick={() => void onImport()} disabled={busy || changes === 0}>
                  {phase === 'importing'
                    ? 'Importing...'
                    : changes === 0
                      ? 'Nothing to import'
                      : `Import ${plural(changes, 'change')}`}
                </Button>
              )}
              <Button type="button" variant="outline" onClick={reset} disabled={busy}>
                {phase === 'imported' ? 'Import another file' : 'Cancel'}
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
