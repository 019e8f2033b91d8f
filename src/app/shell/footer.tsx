import { Box } from '@chakra-ui/react'
import { Suspense, useEffect, useRef, useState } from 'react'
import { lazyPart } from '../lazy-part.ts'
import { FooterView } from './footer-view.tsx'
import { PARTNER_CAROUSEL_HEIGHT as RESERVED_HEIGHT } from './partner-height.ts'

const PartnerCarousel = lazyPart(() => import('./partner-carousel.tsx'))

/** Mounts the carousel once the footer nears the viewport, so swiper loads after first paint. */
function DeferredPartners() {
  const ref = useRef<HTMLDivElement>(null)
  const [show, setShow] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el || show) return
    if (typeof IntersectionObserver === 'undefined') {
      setShow(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && setShow(true),
      {
        rootMargin: '300px',
      },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [show])
  return (
    <Box ref={ref} minH={RESERVED_HEIGHT}>
      {show && (
        <Suspense fallback={<Box h={RESERVED_HEIGHT} />}>
          <PartnerCarousel />
        </Suspense>
      )}
    </Box>
  )
}

export function Footer() {
  return <FooterView partners={<DeferredPartners />} />
}
