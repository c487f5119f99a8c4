/**
 * The landing page's illustration: two membership cards drawn in CSS (no image to download), a gold one resting
 * behind a black one. Purely decorative.
 */
import { useLingui } from "@lingui/react/macro";

export function MembershipCards() {
  const { t } = useLingui();
  return (
    <div aria-hidden className="relative mx-auto aspect-[1.2] w-full max-w-[26rem] select-none sm:max-w-[30rem]">
      {/* Gold card, behind */}
      <div className="absolute top-[4%] right-0 aspect-[1.586] w-[82%] rotate-[7deg] rounded-[14px] bg-[linear-gradient(135deg,#cdb186_0%,#b08d57_42%,#8d6d3d_100%)] p-[6%] shadow-[0_30px_60px_-40px_rgba(11,11,12,0.6)] motion-safe:animate-fade">
        <div className="flex h-full items-start justify-between rounded-[8px] border border-noir/15 p-[6%]">
          <span className="font-serif text-[clamp(0.8rem,2.6vw,1rem)] font-medium tracking-[0.32em] text-noir/80 uppercase">
            Maison
          </span>
          <span className="font-serif text-[clamp(1.1rem,3.6vw,1.6rem)] leading-none text-noir/85">Gold</span>
        </div>
      </div>
      {/* Black card, in front */}
      <div className="absolute bottom-[6%] left-0 aspect-[1.586] w-[86%] -rotate-[4deg] overflow-hidden rounded-[14px] bg-[linear-gradient(150deg,#232222_0%,#0b0b0c_55%,#151413_100%)] p-[5%] shadow-[0_40px_70px_-40px_rgba(11,11,12,0.85)] motion-safe:animate-rise">
        <div className="pointer-events-none absolute inset-0 bg-[linear-gradient(115deg,transparent_35%,rgba(216,194,155,0.10)_50%,transparent_65%)]" />
        <div className="relative flex h-full flex-col justify-between rounded-[9px] border border-gold/35 p-[6%] text-ivory">
          <div className="flex items-start justify-between">
            <span className="font-serif text-[clamp(0.85rem,2.8vw,1.1rem)] font-medium tracking-[0.32em] uppercase">
              Maison
            </span>
            <span className="grid h-[clamp(1.6rem,5vw,2.2rem)] w-[clamp(2.1rem,6.6vw,2.9rem)] grid-cols-3 gap-px overflow-hidden rounded-[4px] bg-gold/70 p-px">
              {Array.from({ length: 6 }, (_, i) => (
                <span key={i} className="bg-[linear-gradient(135deg,#d8c29b,#b08d57)]" />
              ))}
            </span>
          </div>
          <div className="flex items-end justify-between gap-4">
            <div>
              <p className="text-[clamp(0.5rem,1.6vw,0.62rem)] tracking-[0.3em] text-gold-light/80 uppercase">{t`Member`}</p>
              <p className="mt-1 font-serif text-[clamp(1.5rem,5vw,2.2rem)] leading-none">Black</p>
            </div>
            <span className="font-serif text-[clamp(1.8rem,6vw,2.8rem)] leading-none text-gold">M</span>
          </div>
        </div>
      </div>
    </div>
  );
}
