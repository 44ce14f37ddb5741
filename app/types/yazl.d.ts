// yazl ships no type declarations; this covers the part of its API the exports use.
declare module "yazl" {
  import type { Readable } from "node:stream";

  export interface EntryOptions {
    mtime?: Date;
    mode?: number;
    compress?: boolean;
    compressionLevel?: number;
    size?: number;
    forceDosTimestamp?: boolean;
  }

  export class ZipFile {
    outputStream: Readable;
    addBuffer(buffer: Buffer, metadataPath: string, options?: EntryOptions): void;
    addFile(realPath: string, metadataPath: string, options?: EntryOptions): void;
    addReadStream(stream: Readable, metadataPath: string, options?: EntryOptions): void;
    end(options?: { forceZip64Format?: boolean; comment?: string }, callback?: () => void): void;
  }
}
