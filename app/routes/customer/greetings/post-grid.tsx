import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { apiFetch } from "~/lib/api.client";
import { useHydrated } from "~/lib/use-hydrated";
import { brandedSrc, postHref, type BrandSig } from "./branded";
import { fmt } from "#contracts/i18n/fmt.ts";

/** `story`: a 9:16 post, shown whole in the grid (cropped square, its frame at the bottom was hidden). */
export type GridPost = { imageId: number; subcategoryName: string; story?: boolean };

/** Posts shown already branded with the active business; each opens its full image. */
/** `alt`: "{name} greeting with your frame" in the page's language. */
export function PostGrid({ posts, businessId, sig, alt }: { posts: readonly GridPost[]; businessId: number; sig: BrandSig; alt: string }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {posts.map((p) => (
        <li key={p.imageId}>
          <Link to={postHref(p.imageId)} className="block overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200 focus:ring-2 focus:ring-brand">
            <img
              src={brandedSrc(p.imageId, businessId, sig)}
              alt={fmt(alt, { name: p.subcategoryName })}
              width={540}
              height={p.story ? 960 : 540}
              loading="lazy"
              className={`w-full ${p.story ? "aspect-[9/16] object-contain" : "aspect-square object-cover"}`}
              data-shape={p.story ? "story" : "square"}
              data-image-id={p.imageId}
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export type MoreQuery = { imageSubcategoryId?: number; search?: string };

/**
 * A paged list: the server renders what `shown` asks for and a "More" link (no JavaScript:
 * the same page showing more). With JavaScript one page is always kept in hand (`ahead`, then
 * fetched while the user looks at the last one): when the link scrolls into view that page is
 * appended at once. Fetched only then, it waited behind the previews' image requests (six
 * connections a host over HTTP/1.1, each a server-drawn JPEG) and "More" seemed dead.
 */
export function PagedPosts({
  initial,
  ahead,
  total,
  businessId,
  sig,
  query,
  pageSize,
  moreHref,
  words,
}: {
  initial: readonly GridPost[];
  /** The page after `initial`, already loaded (empty at the end). */
  ahead: readonly GridPost[];
  total: number;
  businessId: number;
  sig: BrandSig;
  query: MoreQuery;
  pageSize: number;
  moreHref: string;
  words: { gridAlt: string; loadingMore: string; more: string };
}) {
  const hydrated = useHydrated();
  const [posts, setPosts] = useState<readonly GridPost[]>(initial);
  const [next, setNext] = useState<readonly GridPost[]>(ahead);
  // The link is in view and wants the next page (shown as "Loading more…" until it is here).
  const [wanted, setWanted] = useState(false);
  // A fetch of the page after `posts` is under way, or failed: then the link works as a plain link.
  const fetching = useRef(false);
  const [failed, setFailed] = useState(false);
  const sentinel = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    setPosts(initial);
    setNext(ahead);
  }, [initial, ahead]);

  const hasMore = posts.length < total;
  // Append the page in hand as soon as it is wanted.
  useEffect(() => {
    if (!wanted || !next.length) return;
    setPosts((old) => [...old, ...next.filter((p) => !old.some((o) => o.imageId === p.imageId))]);
    setNext([]);
    setWanted(false);
  }, [wanted, next]);

  // Keep the page after what is shown in hand (the shown count is a multiple of pageSize).
  useEffect(() => {
    if (!hydrated || failed || fetching.current || next.length || posts.length >= total) return;
    fetching.current = true;
    const page = Math.floor(posts.length / pageSize) + 1;
    void (async () => {
      const res = query.search
        ? await apiFetch("GET /image-post/search", { query: { search: query.search, mediaType: "IMAGE", page, pageSize } })
        : await apiFetch("GET /image-post", { query: { imageSubcategoryId: query.imageSubcategoryId, mediaType: "IMAGE", page, pageSize } });
      fetching.current = false;
      // A failure, or a page with nothing new (the list changed meanwhile), leaves the plain link.
      if (!res.ok || !res.data.list.length) return setFailed(true);
      setNext(res.data.list.map((p) => ({ imageId: p.imageId, subcategoryName: p.subcategoryName, story: p.postShape === "STORY" })));
    })();
  }, [hydrated, failed, next.length, posts.length, total, pageSize, query.search, query.imageSubcategoryId]);

  // Re-observed after each append: a link still in view asks again.
  useEffect(() => {
    if (!hydrated || !hasMore || failed || !sentinel.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setWanted(true);
    });
    observer.observe(sentinel.current);
    return () => observer.disconnect();
  }, [hydrated, hasMore, failed, posts.length]);

  const loading = wanted && !next.length && !failed;
  return (
    <div className="space-y-3">
      <PostGrid posts={posts} businessId={businessId} sig={sig} alt={words.gridAlt} />
      {hasMore ? (
        <a ref={sentinel} href={moreHref} className="block rounded-lg border border-slate-300 py-2 text-center font-medium text-brand-dark" aria-busy={loading}>
          {loading ? words.loadingMore : words.more}
        </a>
      ) : null}
    </div>
  );
}
