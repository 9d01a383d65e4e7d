// What the uploaded files of a manual-upload analysis do to it: one company is created for a manual
// upload (projectAnalysisWithFile with no docLink and no notesText; charged --analysis-cost credits),
// two files are sent in one upload (a PDF, and one cut after its header named …-unreadable.pdf),
// and the company is read until its analysis ends. Whether an engine fails on such a file, or reads
// what it can of the others, is its own (the contract's x-gap on AnalysisStatus).
import type { GapProbeId } from '../../../common/src/index.ts';
import { endsAs, readUntilAnalysisEnds } from './analysis-reads.ts';
import { type Json, type ProbeOutcome, projectOf } from './probe-values.ts';
import type { ParitySender } from './sender.ts';

export interface UploadProbeContext {
  sender: ParitySender;
  allowWrites: boolean;
  analysisCost?: number;
}

type UploadProbeId = Extract<GapProbeId, 'analysis.unreadable-upload'>;

export const UPLOAD_PROBES: Record<UploadProbeId, (ctx: UploadProbeContext) => Promise<ProbeOutcome>> = {
  'analysis.unreadable-upload': async ({ sender, allowWrites, analysisCost }) => {
    if (!allowWrites || analysisCost === undefined)
      return {
        touched: false,
        reason: 'starts one company analysis over uploaded files: pass --allow-writes and --analysis-cost N',
      };
    const stamp = Date.now().toString(36);
    const created = await sender.send({
      method: 'POST',
      path: '/integration/project',
      json: { companyName: `parity-${stamp} upload`, projectType: 'projectAnalysisWithFile' },
    });
    const id = projectOf(created.answer)?.id;
    const analysisId = (created.answer.body as { data?: Json } | undefined)?.data?.analysisId;
    if (typeof id !== 'string' || typeof analysisId !== 'string')
      return {
        touched: false,
        reason: `the company for a manual upload was not created with an analysisId: HTTP ${created.answer.status}`,
        exchange: created.recorded,
      };
    const form = new FormData();
    const pdf = `%PDF-1.4\n% portfolio-conformance parity ${stamp}\n%%EOF\n`;
    form.append('files', new Blob([pdf], { type: 'application/pdf' }), `parity-${stamp}-pitch-deck.pdf`);
    const cut = `%PDF-1.4\n% portfolio-conformance parity ${stamp}: cut after its header\n`;
    form.append('files', new Blob([cut], { type: 'application/pdf' }), `parity-${stamp}-unreadable.pdf`);
    const upload = await sender.send({
      method: 'POST',
      path: '/integrationfiles/upload',
      headers: { analysisid: analysisId },
      form,
    });
    if (upload.answer.status < 200 || upload.answer.status >= 300)
      return {
        touched: false,
        reason: `the upload of two files answered HTTP ${upload.answer.status}`,
        exchange: upload.recorded,
      };
    const read = await readUntilAnalysisEnds(sender, id, analysisId);
    if (!read.record)
      return {
        touched: false,
        reason: `the lookup of the company of the upload answered HTTP ${read.answer.status}`,
        exchange: read.recorded,
      };
    return endsAs(read, 'the upload');
  },
};
