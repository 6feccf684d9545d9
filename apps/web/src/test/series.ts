import type { TSeriesDto } from '@app/contract/courses';

/** The streaming fields of a lesson that has no HLS ladder (an older upload): tests spread it into series. */
export const NO_STREAM: Omit<TSeriesDto, 'id' | 'title' | 'videoLink' | 'resourceFile' | 'videoFile'> = {
  preview: false,
  videoStatus: 'none',
  videoError: null,
  hlsLink: null,
  durationSeconds: null,
  posterUrl: null,
  renditions: [],
};
