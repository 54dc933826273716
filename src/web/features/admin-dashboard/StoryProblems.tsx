import { type FormEvent, useState } from 'react';
import type { DeskStory } from '#contract/order-desk.ts';
import type { ProblemReport } from '#contract/problem-reports.ts';
import { errorMessage } from '../../api/client.ts';
import { FormError } from '../../ui/FormError.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { ProblemReportSummary } from '../../ui/ProblemReportSummary.tsx';
import { toast } from '../../ui/toast.ts';
import { useResolveProblem } from './problem-reports.ts';

type Part = DeskStory['parts'][number];
type Line = Part['lines'][number];

/** Resolves a report in the admin's words (a replacement, a call), without a refund. */
function ResolveDialog({ report, onClose }: { report: ProblemReport; onClose: () => void }) {
  const resolve = useResolveProblem();
  const [resolution, setResolution] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!resolution.trim()) return setFailure('Say what was done.');
    try {
      await resolve.mutateAsync({ reportId: report._id, resolution });
      toast.success('The report is resolved');
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  return (
    <Modal
      id="resolve-problem"
      title="Resolve this report without a refund?"
      lines={['The shopper sees it resolved with what you write here.']}
      cancelText="Keep it open"
      onClose={onClose}
      onSubmit={submit}
      confirm={
        <button type="submit" className="btn btn-primary" disabled={resolve.isPending}>
          Resolve
        </button>
      }
    >
      <label className="mt-4 flex flex-col gap-1 font-semibold">
        What was done
        <textarea
          className="textarea w-full"
          rows={3}
          maxLength={500}
          value={resolution}
          onChange={(event) => setResolution(event.target.value)}
        />
      </label>
      <FormError message={failure} />
    </Modal>
  );
}

/**
 * The problems the shopper reported with this order, each with its photo; an open one is answered by a refund of the
 * lines it names (or of the part), its reason filled in, or resolved in words.
 */
export function StoryProblems({
  story,
  onRefund,
}: {
  story: DeskStory;
  onRefund: (part: Part, line: Line | null, report: ProblemReport) => void;
}) {
  const [resolving, setResolving] = useState<ProblemReport | null>(null);
  if (story.reports.length === 0) return null;
  return (
    <section aria-labelledby="problems-title" className="mt-8">
      <h2 id="problems-title" className="text-2xl font-bold">
        Problems reported
      </h2>
      <ul className="mt-2 grid gap-3">
        {story.reports.map((report) => {
          const part = story.parts.find((one) => one.shopId === report.shopId);
          const lines = (part?.lines ?? []).filter(
            (line) => line.refundable > 0 && report.lines.some((named) => named._id === line._id),
          );
          return (
            <li key={report._id}>
              <p className="font-semibold">{report.shopName}</p>
              <ProblemReportSummary report={report} />
              {report.state === 'open' && part ? (
                <div className="mt-2 flex flex-wrap gap-2">
                  {lines.map((line) => (
                    <button
                      key={line._id}
                      type="button"
                      className="btn btn-sm btn-primary"
                      onClick={() => onRefund(part, line, report)}
                    >
                      Refund {line.itemName}
                    </button>
                  ))}
                  {part.refundable > 0 ? (
                    <button type="button" className="btn btn-sm" onClick={() => onRefund(part, null, report)}>
                      Refund an amount of the part
                    </button>
                  ) : null}
                  <button type="button" className="btn btn-sm btn-ghost" onClick={() => setResolving(report)}>
                    Resolve without a refund
                  </button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {resolving ? <ResolveDialog report={resolving} onClose={() => setResolving(null)} /> : null}
    </section>
  );
}
