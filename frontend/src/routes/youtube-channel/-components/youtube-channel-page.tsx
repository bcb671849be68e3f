import type { YoutubeVideo } from '@agency/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { youtubeVideosQuery } from '../../../api/youtube-video-queries';
import { ExternalIcon, PlayIcon, YoutubeIcon } from '../../../components/icons';
import { useSiteConfig } from '../../../config/use-site-config';
import { VideoThumbnail } from './video-thumbnail';

function VideoCard({ video, selected, onSelect }: { video: YoutubeVideo; selected: boolean; onSelect: () => void }) {
  return (
    // The thumbnail button is the keyboard control; a click anywhere on the card does the same.
    <article className={selected ? 'card card-hover video-card is-selected' : 'card card-hover video-card'} onClick={onSelect}>
      <button type="button" className="video-thumb" aria-pressed={selected} aria-label={`Play ${video.title}`}>
        <VideoThumbnail youtubeId={video.youtubeId} />
        {selected ? <span className="badge now-playing">Now Playing</span> : null}
        <span className="video-play" aria-hidden="true">
          <span className="video-play-button">
            <PlayIcon width={16} height={16} /> Play
          </span>
        </span>
      </button>
      <div className="video-card-body">
        <h3 className="clamp-2">{video.title}</h3>
        <p className="clamp-3">{video.description}</p>
      </div>
    </article>
  );
}

function Player({ video }: { video: YoutubeVideo }) {
  return (
    <section className="player" aria-labelledby="player-title">
      <div className="player-frame">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.youtubeId)}?autoplay=1&rel=0`}
          title={video.title}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
        />
      </div>
      <h2 id="player-title">{video.title}</h2>
      <p className="lede">{video.description}</p>
    </section>
  );
}

function VideosSkeleton() {
  return (
    <div className="video-grid" aria-busy="true" aria-label="Loading videos">
      {Array.from({ length: 3 }, (_, index) => (
        <div className="card video-card" key={index} aria-hidden="true">
          <span className="skeleton skeleton-media" />
          <div className="video-card-body">
            <span className="skeleton skeleton-title" />
            <span className="skeleton skeleton-line" />
            <span className="skeleton skeleton-line" style={{ width: '65%' }} />
          </div>
        </div>
      ))}
    </div>
  );
}

export default function YoutubeChannelPage() {
  const site = useSiteConfig();
  const videos = useQuery(youtubeVideosQuery());
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = videos.data?.find((video) => video.id === selectedId) ?? null;

  return (
    <>
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow">YouTube Channel</p>
          <h1>Watch and learn: AI search and Amazon, explained</h1>
          <p className="lede">Short videos on how AI assistants choose brands, how to use our free tools and what to fix first.</p>
        </div>
      </section>
      <section className="section">
        <div className="container">
          {videos.isPending ? (
            <VideosSkeleton />
          ) : videos.data && videos.data.length > 0 ? (
            <>
              {selected ? <Player key={selected.id} video={selected} /> : null}
              <h2>{selected ? 'More Videos' : 'Latest Videos'}</h2>
              <div className="video-grid">
                {videos.data.map((video) => (
                  <VideoCard key={video.id} video={video} selected={video.id === selectedId} onSelect={() => setSelectedId(video.id)} />
                ))}
              </div>
            </>
          ) : (
            <div className="empty-state coming-soon">
              <span className="card-icon" aria-hidden="true">
                <YoutubeIcon />
              </span>
              <h2>Coming Soon</h2>
              <p>We're preparing exciting content for our YouTube channel. Check back soon for the latest videos!</p>
            </div>
          )}
          {site.social.youtube ? (
            <section className="card card-feature stay-updated" aria-labelledby="stay-updated">
              <div>
                <h2 id="stay-updated">Stay Updated</h2>
                <p>Subscribe to our channel for new videos on AI search, Amazon and retail media.</p>
              </div>
              <a className="btn btn-primary" href={site.social.youtube} target="_blank" rel="noopener noreferrer">
                <YoutubeIcon width={18} height={18} /> Subscribe on YouTube <ExternalIcon width={14} height={14} />
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </section>
          ) : null}
        </div>
      </section>
    </>
  );
}
