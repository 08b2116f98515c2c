import s from './home.module.css';

// An illustrative index line with a forecast fan; purely decorative (no figures are claimed).
const HISTORY = [62, 58, 60, 55, 57, 50, 52, 47, 49, 44, 46, 41, 43, 38];
const step = 22;
const pts = HISTORY.map((y, i) => `${20 + i * step},${y + 40}`).join(' ');
const lastX = 20 + (HISTORY.length - 1) * step;
const lastY = HISTORY[HISTORY.length - 1]! + 40;

export function HeroChart() {
  return (
    <div className={s.heroChart} aria-hidden="true">
      <svg viewBox="0 0 420 200" role="presentation">
        <defs>
          <linearGradient id="hero-area" x1="0" x2="0" y1="0" y2="1">
            <stop offset="0" stopColor="#bfe8d6" stopOpacity="0.55" />
            <stop offset="1" stopColor="#bfe8d6" stopOpacity="0" />
          </linearGradient>
        </defs>
        {[50, 90, 130, 170].map((y) => (
          <line key={y} x1="20" x2="400" y1={y} y2={y} stroke="rgba(255,255,255,0.14)" />
        ))}
        <polygon points={`20,180 ${pts} ${lastX},180`} fill="url(#hero-area)" />
        <polygon points={`${lastX},${lastY} 400,${lastY - 34} 400,${lastY + 10}`} fill="rgba(242,193,78,0.22)" />
        <polygon points={`${lastX},${lastY} 400,${lastY - 22} 400,${lastY - 2}`} fill="rgba(242,193,78,0.38)" />
        <polyline points={pts} fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" strokeLinecap="round" />
        <line x1={lastX} y1={lastY} x2="400" y2={lastY - 12} stroke="#f2c14e" strokeWidth="3" strokeDasharray="6 5" strokeLinecap="round" />
        <circle cx={lastX} cy={lastY} r="5" fill="#f2c14e" stroke="#fff" strokeWidth="2" />
      </svg>
    </div>
  );
}
