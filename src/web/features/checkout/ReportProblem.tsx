import { MessageSquareWarning } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { OrderTracking } from '#contract/fulfilment.ts';
import { thumbnailUrl } from '#contract/images.ts';
import {
  PROBLEM_REASON_LABELS,
  PROBLEM_REASONS,
  PROBLEM_REPORT_DAYS,
  type ProblemReason,
  type ProblemReport,
} from '#contract/problem-reports.ts';
import { errorMessage } from '../../api/client.ts';
import { uploadImage } from '../../api/upload-image.ts';
import { FormError } from '../../ui/FormError.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { ProblemReportSummary } from '../../ui/ProblemReportSummary.tsx';
import { toast } from '../../ui/toast.ts';
import { PICTURE_TYPES, UploadProgress } from '../../ui/UploadProgress.tsx';
import { useReportProblem } from './problem-reports.ts';

type TrackedShop = OrderTracking['shops'][number];
type Line = { _id: string; name: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The form: what went wrong, which lines, a photo and what happened. */
function ReportDialog({
  orderId,
  shop,
  lines,
  onClose,
}: {
  orderId: string;
  shop: TrackedShop;
  lines: Line[];
  onClose: () => void;
}) {
  const report = useReportProblem();
  const [reason, setReason] = useState<ProblemReason | ''>('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [photo, setPhoto] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    try {
      setPhoto((await uploadImage(file, setProgress)).display_url);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setProgress(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setFailure('Choose what went wrong.');
    if (!text.trim()) return setFailure('Tell us what happened.');
    if (progress !== null) return setFailure('Wait for the photo to finish uploading.');
    try {
      await report.mutateAsync({
        id: orderId,
        shopId: shop.shopId,
        body: { reason, lineIds: chosen, photo, text },
      });
      toast.success(`Your report is sent to ${shop.shopName} and our team`);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((one) => one !== id) : [...current, id]));

  return (
    <Modal
      id="report-problem"
      title={`Report a problem with your order from ${shop.shopName}`}
      lines={['The shop and our team read it; we answer within two working days, with a refund when it is due.']}
      cancelText="Not now"
      onClose={onClose}
      onSubmit={submit}
      confirm={
        <button type="submit" className="btn btn-primary" disabled={report.isPending || progress !== null}>
          Send the report
        </button>
      }
    >
      <label className="mt-4 flex flex-col gap-1 font-semibold">
        What went wrong
        <select
          className="select w-full"
          value={reason}
          onChange={(event) => setReason(event.target.value as ProblemReason)}
        >
          <option value="" disabled>
            Choose…
          </option>
          {PROBLEM_REASONS.map((one) => (
            <option key={one} value={one}>
              {PROBLEM_REASON_LABELS[one]}
            </option>
          ))}
        </select>
      </label>
      {lines.length > 0 ? (
        <fieldset className="mt-4">
          <legend className="font-semibold">Which items (none: the whole order from this shop)</legend>
          <div className="mt-1 flex flex-col gap-1">
            {lines.map((line) => (
              <label key={line._id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="checkbox"
                  checked={chosen.includes(line._id)}
                  onChange={() => toggle(line._id)}
                />
                {line.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <label className="mt-4 flex flex-col gap-1 font-semibold">
        A photo (optional)
        <input
          type="file"
          accept={PICTURE_TYPES}
          className="file-input w-full"
          onChange={(event) => upload(event.target.files?.[0])}
        />
      </label>
      <p className="text-sm">JPEG, PNG or WebP, up to 5 MB</p>
      <UploadProgress progress={progress} />
      {photo ? (
        <img
          src={thumbnailUrl(photo)}
          alt="What you saw, as sent"
          width="72"
          height="72"
          className="mt-2 size-18 rounded-box bg-base-200 object-cover"
        />
      ) : null}
      <label className="mt-4 flex flex-col gap-1 font-semibold">
        What happened
        <textarea
          className="textarea w-full"
          rows={4}
          maxLength={2000}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <FormError message={failure} />
    </Modal>
  );
}

/**
 * A shop's part's problem reports and, once it is delivered or picked up (for PROBLEM_REPORT_DAYS days) with none
 * open, the button to report one.
 */
export function ReportProblem({
  orderId,
  shop,
  lines,
  reports,
}: {
  orderId: string;
  shop: TrackedShop;
  lines: Line[];
  reports: ProblemReport[];
}) {
  const [open, setOpen] = useState(false);
  const handedOver = shop.fulfilment ? Date.parse(shop.fulfilment.end) : null;
  const inTime = handedOver === null || Date.now() - handedOver <= PROBLEM_REPORT_DAYS * DAY_MS;
  const canReport = shop.status === 'delivered' && inTime && !reports.some((report) => report.state === 'open');
  if (reports.length === 0 && !canReport) return null;
  return (
    <div className="no-print mt-2 flex flex-col gap-2">
      {reports.map((report) => (
        <ProblemReportSummary key={report._id} report={report} />
      ))}
      {canReport ? (
        <button
          type="button"
          className="btn btn-outline btn-sm self-start"
          onClick={() => setOpen(true)}
          aria-label={`Report a problem: ${shop.shopName}`}
        >
          <MessageSquareWarning size={16} aria-hidden="true" /> Report a problem
        </button>
      ) : null}
      {open ? <ReportDialog orderId={orderId} shop={shop} lines={lines} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
