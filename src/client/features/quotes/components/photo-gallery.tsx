/**
 * An option's photos full screen (issue 34 item 2): swipe or the arrow keys between them, pinch, double-tap or
 * the wheel to zoom, Escape to close. yet-another-react-lightbox (decision 052) does the gestures; this module
 * loads only when a member opens a photo.
 */
import { useLingui } from "@lingui/react/macro";
import Lightbox from "yet-another-react-lightbox";
import Counter from "yet-another-react-lightbox/plugins/counter";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import "yet-another-react-lightbox/styles.css";
import "yet-another-react-lightbox/plugins/counter.css";

export interface GalleryPhoto {
  src: string;
  alt: string;
}

export default function PhotoGallery({
  photos,
  index,
  label,
  onClose,
}: {
  photos: GalleryPhoto[];
  /** The photo shown first. */
  index: number;
  /** What the photos are ("Photos of Kelly 28, Gold"), for screen readers. */
  label: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={photos}
      plugins={[Zoom, Counter]}
      carousel={{ finite: true }}
      controller={{ closeOnBackdropClick: true }}
      zoom={{ maxZoomPixelRatio: 3, scrollToZoom: true }}
      labels={{
        Previous: t`Previous photo`,
        Next: t`Next photo`,
        Close: t`Close`,
        "Zoom in": t`Zoom in`,
        "Zoom out": t`Zoom out`,
        Lightbox: label,
        "Photo gallery": label,
        Carousel: t`Photos`,
        Slide: t`Photo`,
        // The library fills in its own placeholders; the translation places them.
        "{index} of {total}": t`${"{index}"} of ${"{total}"}`,
      }}
      styles={{ container: { backgroundColor: "rgba(17, 17, 17, 0.96)" } }}
    />
  );
}
