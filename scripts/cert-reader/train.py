# Cert-reader experiment, step 2 (ADR 0069): trains a small digit-line recogniser (CNN + BiLSTM +
# CTC, about 0.3 M weights) for the cert number in blurred phone photos of slabs.
#
# Examples are cert lines degraded as scripts/bench/phone-variants.ts degrades a photo: scaled up
# 1-2x from the scan's size, lens blur 0.3-1.4 px, sensor noise 1.5-5, lowered contrast (glare),
# JPEG quality 60-85; the box around the line is cut loose or tight and a little off, as a detector
# or a layout guess would cut it. Two sources:
# - rendered: random ten-digit numbers in three narrow sans fonts (Debian's fonts-dejavu-core and
#   fonts-liberation) on label colours, a barcode's top under some;
# - the training books' own cert lines (export-crops.ts; never the held-out books'), unless
#   SYNTH_ONLY=1.
#
# Needs Debian's python3-torch, python3-pil and fonts-liberation (apt-get install -y
# --no-install-recommends python3-torch python3-pil fonts-liberation) and /usr/bin/python3 (the
# Debian packages are built for it). The shipped model: 2,500 steps, about 17 minutes on two cores.
#
# Usage: /usr/bin/python3 scripts/cert-reader/train.py DATA_DIR OUT.pt [STEPS]
import io
import json
import os
import random
import sys
import time

import numpy as np
import torch
import torch.nn as nn
from PIL import Image, ImageDraw, ImageFilter, ImageFont

HEIGHT, WIDTH = 32, 192  # the recogniser's input: grey, 32 px high, padded to 192 px
FRAME_WIDTH = 1400  # width of the pipeline's label images
FONTS = [
    '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf',
    '/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf',
    '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
]
rng = random.Random(1)
np_rng = np.random.default_rng(1)


class Net(nn.Module):
    """Grey line image (B, 1, 32, W) -> per-step scores (B, W/4, 11): blank, then the digits 0-9."""

    def __init__(self):
        super().__init__()

        def block(i, o):
            return nn.Sequential(nn.Conv2d(i, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU())

        self.features = nn.Sequential(
            block(1, 16), nn.MaxPool2d(2), block(16, 32), nn.MaxPool2d(2),
            block(32, 64), block(64, 64), nn.MaxPool2d((2, 1)),
            block(64, 96), nn.MaxPool2d((2, 1)), block(96, 96), nn.MaxPool2d((2, 1)))
        self.rnn = nn.LSTM(96, 96, bidirectional=True, batch_first=True)
        self.out = nn.Linear(192, 11)

    def forward(self, x):
        f = self.features(x).squeeze(2).permute(0, 2, 1)
        f, _ = self.rnn(f)
        return self.out(f)


def to_input(img):
    """A line crop as the recogniser sees it: grey, 32 px high, normalised, padded with 0 to 192 px."""
    grey = img.convert('L')
    width = max(1, min(WIDTH, round(grey.width * HEIGHT / grey.height)))
    a = np.asarray(grey.resize((width, HEIGHT), Image.BILINEAR)).astype(np.float32) / 255.0
    a = (a - a.mean()) / (a.std() + 1e-3)
    out = np.zeros((HEIGHT, WIDTH), np.float32)
    out[:, :width] = a
    return out


def greedy(scores):
    """CTC greedy decoding of one line's (steps, 11) scores."""
    text, prev = [], 0
    for b in scores.argmax(-1).tolist():
        if b != prev and b != 0:
            text.append(str(b - 1))
        prev = b
    return ''.join(text)


def degrade(img, scan_scale):
    """`img` in label-frame pixels, as a phone photo of a scan at `scan_scale` photo px per frame px."""
    s = scan_scale * rng.uniform(1.0, 2.0)
    small = img.resize((max(8, round(img.width * s)), max(4, round(img.height * s))), Image.BILINEAR)
    small = small.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.4)))
    a = np.asarray(small).astype(np.float32)
    glare = rng.uniform(0, 0.5) if rng.random() < 0.6 else 0
    a = a * (1 - glare) + 245 * glare
    a += np_rng.normal(0, rng.uniform(1.5, 5), a.shape)
    small = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    buf = io.BytesIO()
    small.save(buf, 'JPEG', quality=rng.randint(60, 85))
    buf.seek(0)
    return Image.open(buf).convert('RGB')


def loose_box(x, y, w, h):
    """The line's box cut as the re-reads cut it (0.2-0.9 heights each side), and a little off."""
    dx, dy = rng.uniform(-0.15, 0.15) * h, rng.uniform(-0.4, 0.4) * h
    side, vertical = rng.uniform(0.2, 0.9) * h, rng.uniform(0.05, 0.3) * h
    return tuple(round(v) for v in (x - side + dx, y - vertical + dy, x + w + side + dx, y + h + vertical + dy))


def random_number():
    if rng.random() < 0.8:
        return '4' + ''.join(rng.choice('0123456789') for _ in range(9))
    return ''.join(rng.choice('0123456789') for _ in range(rng.randint(6, 10)))


def rendered_example():
    digits = random_number()
    kind = rng.random()
    if kind < 0.6:  # light blue (Universal)
        bg = (rng.uniform(180, 235), rng.uniform(200, 240), rng.uniform(225, 255))
    elif kind < 0.8:  # yellow, green, purple labels: any light colour
        bg = (rng.uniform(200, 255), rng.uniform(190, 250), rng.uniform(110, 250))
    else:  # white or grey
        v = rng.uniform(190, 255)
        bg = (v, v, v)
    g = rng.uniform(20, 110)
    ink = (g, g + rng.uniform(0, 20), g + rng.uniform(0, 40))
    h = 26  # a cert line's height in the label frame
    size = round(h * rng.uniform(0.8, 1.15))
    font = ImageFont.truetype(rng.choice(FONTS), size)
    tw = font.getlength(digits) * rng.uniform(0.9, 1.05)
    canvas = Image.new('RGB', (int(tw + 4 * h), 3 * h), tuple(int(v) for v in bg))
    draw = ImageDraw.Draw(canvas)
    draw.text((2 * h, h), digits, font=font, fill=tuple(int(v) for v in ink))
    if rng.random() < 0.5:  # the barcode's top edge under the line
        top, x = h + size * rng.uniform(1.1, 1.4), 2 * h
        while x < 2 * h + tw:
            bar = rng.choice([1, 1, 2, 3]) * size / 9
            draw.rectangle([x, top, x + bar, 3 * h], fill=(20, 20, 30))
            x += bar + rng.choice([1, 2, 3]) * size / 9
    crop = canvas.crop(loose_box(2 * h, h, tw, size * 1.15))
    return degrade(crop, rng.uniform(300, 650) / FRAME_WIDTH), digits


def load_scans(data):
    rows = json.load(open(os.path.join(data, 'train.json')))
    return [(Image.open(os.path.join(data, 'scans', r['name'] + '.png')).convert('RGB'), r) for r in rows]


def ink_span(image, b):
    """First and last columns with ink in the line's box: where its ten (tabular) digits lie."""
    grey = np.asarray(image.crop((round(b['x']), round(b['y']), round(b['x'] + b['width']), round(b['y'] + b['height']))).convert('L')).astype(np.float32)
    ink = (grey.max() - grey).mean(0)
    cols = np.nonzero(ink > 0.35 * ink.max())[0]
    return (round(b['x']) + int(cols[0]), round(b['x']) + int(cols[-1]) + 1) if len(cols) else None


def spliced(image, row):
    """The line with its digits' cells shuffled into a new number: the label's own digit shapes in an
    order the model has not seen, so it learns digits, not these books' numbers. Cells are a tenth of
    the ink's span each (a cert number's digits are set at one width)."""
    b = row['box']
    span = ink_span(image, b)
    if not span or len(row['cert']) != 10:
        return None
    x0, x1 = span
    cell = (x1 - x0) / 10
    order = [0] + [rng.randrange(1, 10) if rng.random() < 0.5 else i for i in range(1, 10)]
    out = image.copy()
    for i, j in enumerate(order):
        piece = image.crop((round(x0 + j * cell), round(b['y'] - 0.3 * b['height']), round(x0 + (j + 1) * cell), round(b['y'] + 1.3 * b['height'])))
        out.paste(piece, (round(x0 + i * cell), round(b['y'] - 0.3 * b['height'])))
    return out, ''.join(row['cert'][j] for j in order)


def scan_example(scans):
    image, row = rng.choice(scans)
    text = row['cert']
    if rng.random() < 0.5:
        made = spliced(image, row)
        if made:
            image, text = made
    b = row['box']
    crop = image.crop(loose_box(b['x'], b['y'], b['width'], b['height']))
    return degrade(crop, row['sourceWidth'] / FRAME_WIDTH), text


def batch(n, scans):
    xs, ys = [], []
    for _ in range(n):
        img, text = scan_example(scans) if scans and rng.random() < 0.6 else rendered_example()
        xs.append(to_input(img))
        ys.append([int(c) + 1 for c in text])
    return torch.tensor(np.stack(xs))[:, None], ys


def main():
    data, out = sys.argv[1], sys.argv[2]
    steps = int(sys.argv[3]) if len(sys.argv) > 3 else 2500
    torch.manual_seed(1)
    torch.set_num_threads(2)
    scans = [] if os.environ.get('SYNTH_ONLY') == '1' else load_scans(data)
    net = Net()
    opt = torch.optim.AdamW(net.parameters(), 2e-3, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(opt, 2e-3, total_steps=steps)
    ctc = nn.CTCLoss(blank=0, zero_infinity=True)
    start = time.time()
    for step in range(steps):
        x, ys = batch(32, scans)
        scores = net(x).log_softmax(-1).permute(1, 0, 2)
        loss = ctc(scores, torch.tensor([c for y in ys for c in y]),
                   torch.full((len(ys),), scores.shape[0], dtype=torch.long), torch.tensor([len(y) for y in ys]))
        opt.zero_grad()
        loss.backward()
        opt.step()
        schedule.step()
        if step % 200 == 0:
            print(f'step {step} loss {loss.item():.3f} {time.time() - start:.0f} s', flush=True)
    torch.save(net.state_dict(), out)


if __name__ == '__main__':
    main()
