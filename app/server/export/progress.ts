/** Progress of an export: poems written so far out of `total`. */
export interface ExportProgress {
  done: number;
  total: number;
}

export type ExportProgressFn = (progress: ExportProgress) => void;
