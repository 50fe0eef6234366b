interface CarouselControlsProps {
  active: number;
  count: number;
  paused: boolean;
  onSelect: (index: number) => void;
  onTogglePause: () => void;
}

/** Pause/Play and one dot per slide; each is a 24 px target around a small visible mark. */
export function CarouselControls({ active, count, paused, onSelect, onTogglePause }: CarouselControlsProps) {
  return (
    <div className="carousel-controls">
      <button
        type="button"
        className="carousel-toggle"
        aria-label={paused ? 'Play slides' : 'Pause slides'}
        onClick={onTogglePause}
        data-testid="carousel-pause"
        data-paused={paused ? 'true' : 'false'}
      >
        <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
          {paused ? (
            <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
          ) : (
            <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" fill="currentColor" />
          )}
        </svg>
      </button>
      <div className="carousel-dots">
        {Array.from({ length: count }, (_, index) => (
          <button
            key={index}
            type="button"
            className="carousel-dot"
            aria-label={`Show slide ${index + 1}`}
            aria-current={index === active}
            onClick={() => onSelect(index)}
            data-testid="carousel-dot"
          />
        ))}
      </div>
    </div>
  );
}
