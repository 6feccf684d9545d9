#!/bin/sh
# Regenerates the demo images and videos (needs ffmpeg and DejaVu fonts for the videos, and the installed
# node_modules for the covers; the app itself never runs this).
set -e
cd "$(dirname "$0")"
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
FONT_REG=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
# The covers: gradients and shapes without text (the card prints the title and category beside the picture).
node covers.mjs
for i in 1 2 3 4; do
  # 640x360 and 12 s: the seed makes a 240p/360p ladder with 3 segments from each (resume, quality switch).
  ffmpeg -nostdin -loglevel error -y -f lavfi -i "color=c=0x263238:s=640x360:d=12:r=24" \
    -vf "drawtext=fontfile=${FONT}:text='DevLearn lesson ${i}':fontcolor=white:fontsize=40:x=(w-tw)/2:y=120,drawtext=fontfile=${FONT}:text='%{eif\\:t\\:d} s':fontcolor=white@0.8:fontsize=30:x=(w-tw)/2:y=200,drawbox=x=0:y=340:w=53*t:h=20:color=0x26a69a:t=fill" \
    -c:v libx264 -preset veryslow -crf 34 -pix_fmt yuv420p -movflags +faststart -an "lesson-${i}.mp4"
done
ffmpeg -nostdin -loglevel error -y -f lavfi -i "gradients=s=320x180:c0=0x0d47a1:c1=0x26a69a:speed=0.02:d=5:r=24" \
  -vf "drawtext=fontfile=${FONT}:text='Welcome to DevLearn':fontcolor=white:fontsize=24:x=(w-tw)/2:y=70,drawtext=fontfile=${FONT_REG}:text='Course preview':fontcolor=white@0.85:fontsize=16:x=(w-tw)/2:y=110" \
  -c:v libx264 -preset veryslow -crf 32 -pix_fmt yuv420p -movflags +faststart -an promo.mp4
ls -la
