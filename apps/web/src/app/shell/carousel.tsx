import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { CAROUSEL_INTERVAL_MS, swipeStep, wrapIndex } from './carousel-logic.ts';
import { slides } from './carousel-slides.tsx';
import './carousel.css';

/** Three banner slides that fade every 5000 ms; swipe (40 px) or the dots change slides. */
export function Carousel() {
  const [active, setActive] = useState(0);
  const startX = useRef<number | null>(null);

  // Restarting the timer on every change gives each slide the full interval, also after a swipe.
  useEffect(() => {
    const timer = setTimeout(
      () => setActive((index) => wrapIndex(index + 1, slides.length)),
      CAROUSEL_INTERVAL_MS,
    );
    return () => clearTimeout(timer);
  }, [active]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    startX.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (startX.current === null) return;
    const step = swipeStep(startX.current, event.clientX);
    startX.current = null;
    if (step !== 0) setActive((index) => wrapIndex(index + step, slides.length));
  };

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label="Highlights"
      data-testid="carousel"
    >
      <div
        className="carousel-track"
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
      <div className="carousel-dots">
        {slides.map((slide, index) => (
          <button
            key={slide.title}
            type="button"
            className="carousel-dot"
            aria-label={`Show slide ${index + 1}`}
            aria-current={index === active}
            onClick={() => setActive(index)}
            data-testid="carousel-dot"
          />
        ))}
      </div>
    </section>
  );
}
