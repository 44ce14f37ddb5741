import { useEffect, useRef, useState } from "react";

function clock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "0:00";
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

function NoAudio() {
  return (
    <button type="button" className="daily-audio__button" disabled>
      No audio available
    </button>
  );
}

/**
 * The day's recording: a play/pause button with elapsed and total time and a live visualiser (a Web Audio
 * analyser drawing the spectrum while it plays); at the end it goes back to 0. No file, or one that fails to
 * load, gives a disabled 'No audio available' button.
 */
export function DailyAudio({ src }: { src: string | null }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const graph = useRef<{ context: AudioContext; analyser: AnalyserNode } | null>(null);
  const [failed, setFailed] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [total, setTotal] = useState(0);

  useEffect(() => {
    setFailed(false);
    setPlaying(false);
    setElapsed(0);
    setTotal(0);
    // The element may have failed, or read its metadata, before hydration attached the handlers.
    const audio = audioRef.current;
    if (audio?.error) setFailed(true);
    else if (audio && audio.readyState >= HTMLMediaElement.HAVE_METADATA) setTotal(audio.duration);
  }, [src]);

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const draw = () => {
      const canvas = canvasRef.current;
      const analyser = graph.current?.analyser;
      const ctx = canvas?.getContext("2d");
      if (canvas && analyser && ctx) {
        const bins = new Uint8Array(analyser.frequencyBinCount);
        analyser.getByteFrequencyData(bins);
        ctx.clearRect(0, 0, canvas.width, canvas.height);
        ctx.fillStyle = getComputedStyle(canvas).color;
        const width = canvas.width / bins.length;
        bins.forEach((value, i) => {
          const height = (value / 255) * canvas.height;
          ctx.fillRect(i * width, canvas.height - height, Math.max(1, width - 1), height);
        });
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  useEffect(() => () => void graph.current?.context.close().catch(() => {}), []);

  if (!src || failed) return <NoAudio />;

  const toggle = async () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!audio.paused) {
      audio.pause();
      return;
    }
    if (!graph.current && typeof AudioContext !== "undefined") {
      const context = new AudioContext();
      const analyser = context.createAnalyser();
      analyser.fftSize = 64;
      context.createMediaElementSource(audio).connect(analyser);
      analyser.connect(context.destination);
      graph.current = { context, analyser };
    }
    await graph.current?.context.resume().catch(() => {});
    await audio.play().catch(() => setFailed(true));
  };

  return (
    <div className="daily-audio">
      <audio
        ref={audioRef}
        src={src}
        preload="metadata"
        onLoadedMetadata={(e) => setTotal(e.currentTarget.duration)}
        onDurationChange={(e) => setTotal(e.currentTarget.duration)}
        onTimeUpdate={(e) => setElapsed(e.currentTarget.currentTime)}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={(e) => {
          e.currentTarget.currentTime = 0;
          setElapsed(0);
          setPlaying(false);
        }}
        onError={() => setFailed(true)}
      />
      <button type="button" className="daily-audio__button" aria-pressed={playing} onClick={() => void toggle()}>
        {playing ? "Pause" : "Play"}
        <span className="visually-hidden"> the recording</span>
      </button>
      <canvas ref={canvasRef} className="daily-audio__visualiser" width={120} height={28} aria-hidden="true" />
      <span className="daily-audio__time">
        <span className="visually-hidden">Elapsed </span>
        {clock(elapsed)} / <span className="visually-hidden">total </span>
        {clock(total)}
      </span>
    </div>
  );
}
