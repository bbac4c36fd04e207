import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { apiFetch } from "~/lib/api.client";
import { useHydrated } from "~/lib/use-hydrated";
import { brandedSrc, postHref, type BrandSig } from "./branded";

/** `story`: a 9:16 post, shown whole in the grid (cropped square, its frame at the bottom was hidden). */
export type GridPost = { imageId: number; subcategoryName: string; story?: boolean };

/** Posts shown already branded with the active business; each opens its full image. */
export function PostGrid({ posts, businessId, sig }: { posts: readonly GridPost[]; businessId: number; sig: BrandSig }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {posts.map((p) => (
        <li key={p.imageId}>
          <Link to={postHref(p.imageId)} className="block overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200 focus:ring-2 focus:ring-brand">
            <img
              src={brandedSrc(p.imageId, businessId, sig)}
              alt={`${p.subcategoryName} greeting with your frame`}
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
 * the same page showing more). With JavaScript the next page loads when the link scrolls
 * into view, and is appended.
 */
export function PagedPosts({
  initial,
  total,
  businessId,
  sig,
  query,
  pageSize,
  moreHref,
}: {
  initial: readonly GridPost[];
  total: number;
  businessId: number;
  sig: BrandSig;
  query: MoreQuery;
  pageSize: number;
  moreHref: string;
}) {
  const hydrated = useHydrated();
  const [posts, setPosts] = useState<readonly GridPost[]>(initial);
  const [loading, setLoading] = useState(false);
  const sentinel = useRef<HTMLAnchorElement>(null);
  useEffect(() => setPosts(initial), [initial]);

  const hasMore = posts.length < total;
  useEffect(() => {
    if (!hydrated || !hasMore || !sentinel.current) return;
    const element = sentinel.current;
    const observer = new IntersectionObserver(async (entries) => {
      if (!entries.some((e) => e.isIntersecting) || loading) return;
      setLoading(true);
      // Pages of `pageSize` after what is shown (the shown count is always a multiple of it).
      const page = Math.floor(posts.length / pageSize) + 1;
      const res = query.search
        ? await apiFetch("GET /image-post/search", { query: { search: query.search, mediaType: "IMAGE", page, pageSize } })
        : await apiFetch("GET /image-post", { query: { imageSubcategoryId: query.imageSubcategoryId, mediaType: "IMAGE", page, pageSize } });
      if (res.ok) setPosts((old) => [...old, ...res.data.list.filter((p) => !old.some((o) => o.imageId === p.imageId)).map((p) => ({ imageId: p.imageId, subcategoryName: p.subcategoryName, story: p.postShape === "STORY" }))]);
      setLoading(false);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hydrated, hasMore, posts.length, loading, pageSize, query.search, query.imageSubcategoryId]);

  return (
    <div className="space-y-3">
      <PostGrid posts={posts} businessId={businessId} sig={sig} />
      {hasMore ? (
        <a ref={sentinel} href={moreHref} className="block rounded-lg border border-slate-300 py-2 text-center font-medium text-brand-dark" aria-busy={loading}>
          {loading ? "Loading more…" : "More"}
        </a>
      ) : null}
    </div>
  );
}
