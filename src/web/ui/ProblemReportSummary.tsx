import { thumbnailUrl } from '#contract/images.ts';
import { PROBLEM_REASON_LABELS, type ProblemReport } from '#contract/problem-reports.ts';

const reportedOn = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/**
 * A shopper's problem report as its shopper, its shop and the admins read it: why, which lines, the words, the photo
 * (opens full size), and whether it is open or resolved with what was done.
 */
export function ProblemReportSummary({ report }: { report: ProblemReport }) {
  const resolved = report.state === 'resolved';
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className={`badge badge-soft ${resolved ? 'badge-success' : 'badge-warning'}`}>
          {resolved ? 'Resolved' : 'Open'}
        </span>
        <span className="font-semibold">{PROBLEM_REASON_LABELS[report.reason]}</span>
        <span>
          {report.lines.length > 0 ? report.lines.map((line) => line.itemName).join(', ') : 'the whole order'}
        </span>
        <span className="text-base-content/80">· reported {reportedOn(report.createdAt)}</span>
      </p>
      <div className="mt-2 flex gap-3">
        {report.photo ? (
          <a href={report.photo} target="_blank" rel="noreferrer" className="shrink-0">
            <img
              src={thumbnailUrl(report.photo)}
              alt={`What the shopper saw: ${PROBLEM_REASON_LABELS[report.reason]}`}
              width="72"
              height="72"
              className="size-18 rounded-box bg-base-200 object-cover"
            />
          </a>
        ) : null}
        <p className="whitespace-pre-line wrap-anywhere">{report.text}</p>
      </div>
      {resolved && report.resolution ? (
        <p className="mt-2">
          <span className="font-semibold">What was done:</span> {report.resolution}
          {report.resolvedAt ? ` (${reportedOn(report.resolvedAt)})` : ''}
        </p>
      ) : null}
    </div>
  );
}
