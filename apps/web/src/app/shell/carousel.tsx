import { useEffect, useRef, useState, type FocusEvent, type PointerEvent } from 'react';
import { CAROUSEL_INTERVAL_MS, isRotating, swipeStep, wrapIndex } from './carousel-logic.ts';
import { slides } from './carousel-slides.tsx';
import { CarouselControls } from './carousel-controls.tsx';
import './carousel.css';

/**
 * Three banner slides that fade every 5000 ms; swipe (40 px), the dots or Pause/Play control them.
 * Rotation also holds while a mouse is over the carousel or keyboard focus is inside it.
 */
export function Carousel() {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const startX = useRef<number | null>(null);
  const rotating = isRotating({ paused, hovered, focused });

  // Restarting the timer on every change gives each slide the full interval, also after a swipe or a pause.
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(
      () => setActive((index) => wrapIndex(index + 1, slides.length)),
      CAROUSEL_INTERVAL_MS,
    );
    return () => clearTimeout(timer);
  }, [active, rotating]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    startX.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (startX.current === null) return;
    const step = swipeStep(startX.current, event.clientX);
    startX.current = null;
    if (step !== 0) setActive((index) => wrapIndex(index + step, slides.length));
  };
  // Touch has no hover: a finger lifting off must not leave the slides held.
  const onHover = (event: PointerEvent<HTMLElement>, over: boolean) => {
    if (event.pointerType === 'mouse') setHovered(over);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label="Highlights"
      onPointerEnter={(event) => onHover(event, true)}
      onPointerLeave={(event) => onHover(event, false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      data-testid="carousel"
    >
      <div
        className="carousel-track"
        aria-live={rotating ? 'off' : 'polite'}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (startX.current = null)}
      >
        {slides.map((slide, index) => (
          <div
            key={slide.title}
            className={`carousel-slide ${slide.className}`}
            data-testid="carousel-slide"
            data-active={index === active ? 'true' : 'false'}
            aria-hidden={index !== active}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
          >
            <div className="carousel-copy">
              <h2>{slide.title}</h2>
              <p>{slide.text}</p>
            </div>
            <div className="carousel-art" aria-hidden="true">
              {slide.art}
            </div>
          </div>
        ))}
      </div>
      <CarouselControls
        active={active}
        count={slides.length}
        paused={paused}
        onSelect={setActive}
        onTogglePause={() => setPaused((value) => !value)}
      />
    </section>
  );
}
