# Cert-reader experiment, step 3 (ADR 0069): the trained recogniser against PP-OCR on the held-out
# books' phone variants (export-crops.ts's judge.json), and what it would add to the pipeline.
# Confidence of a reading = its least sure digit's probability.
#
# Usage: /usr/bin/python3 scripts/cert-reader/evaluate.py DATA_DIR MODEL.pt [MODEL.onnx]
#   SHIFTED=1 reads each box three times (moved a fifth of its height up and down) and votes (ADR
#   0069: measured, not taken).
#   With MODEL.onnx, first writes the model there as ONNX: input 'line' (1, 1, 32, 192), output
#   'scores' (1, 48, 11), as server/modules/label-reader/cert-digits.ts runs it.
import json
import os
import sys

import torch
from PIL import Image

sys.path.insert(0, os.path.dirname(__file__))
from train import Net, greedy, to_input  # noqa: E402


def line_crop(image, box, dy=0.0):
    """The recogniser's crop of `box` moved down by `dy` heights, cut as cert-digits.ts cuts it."""
    h = box['height']
    y = box['y'] + dy * h
    return image.crop((max(0, round(box['x'] - 0.5 * h)), max(0, round(y - h / 6)),
                       min(image.width, round(box['x'] + box['width'] + 0.5 * h)), min(image.height, round(y + h * 7 / 6))))


def read(net, crop):
    with torch.no_grad():
        probs = net(torch.tensor(to_input(crop))[None, None])[0].softmax(-1)
    best = probs.argmax(-1)
    kept = probs.max(-1).values[best != 0]
    return greedy(probs.log()), float(kept.min()) if len(kept) else 0.0


SHIFTS = (0.0, -0.2, 0.2)


def read_shifted(net, image, box):
    """The box read as placed and moved a fifth of its height up and down: the ten-digit number most
    of the three readings give (two at least), at the least sure digit of those that give it."""
    readings = [read(net, line_crop(image, box, dy)) for dy in SHIFTS]
    numbers = [t for t, _ in readings if len(t) == 10]
    best = max(set(numbers), key=numbers.count) if numbers else ''
    if numbers.count(best) < 2:
        return readings[0][0], 0.0
    return best, min(c for t, c in readings if t == best)


def export_onnx(net, path):
    import onnx
    # One line at a time, as cert-digits.ts runs it (an LSTM exported for a variable batch warns).
    torch.onnx.export(net, torch.randn(1, 1, 32, 192), path, input_names=['line'], output_names=['scores'],
                      opset_version=13)
    onnx.checker.check_model(onnx.load(path))
    print(f'wrote {path} ({os.path.getsize(path) / 1e6:.2f} MB)')


def main():
    data, model = sys.argv[1], sys.argv[2]
    net = Net()
    net.load_state_dict(torch.load(model))
    net.eval()
    if len(sys.argv) > 3:
        export_onnx(net, sys.argv[3])
    rows = json.load(open(os.path.join(data, 'judge.json')))
    placed = [r for r in rows if r['placed']]
    shifted = os.environ.get('SHIFTED') == '1'
    for r in placed:
        image = Image.open(os.path.join(data, 'judge', r['file'])).convert('RGB')
        r['model'], r['confidence'] = (read_shifted(net, image, r['box']) if shifted
                                       else read(net, line_crop(image, r['box'])))
    right = lambda r, key: r.get(key) == r['cert']  # noqa: E731
    missed = [r for r in placed if not right(r, 'pipeline')]
    print(f'held-out phone variants: {len(rows)}, cert line placed in {len(placed)}')
    print(f'pipeline right: {sum(right(r, "pipeline") for r in rows)} of {len(rows)}')
    print(f'on the placed box, PP-OCR re-read vote right: {sum(right(r, "ppocr") for r in placed)}; '
          f'this model right: {sum(right(r, "model") for r in placed)} (of {len(placed)})')
    print(f'pipeline missed, this model right: {sum(right(r, "model") for r in missed)} of {len(missed)}')
    print('this model by confidence: right / read')
    for lo, hi in [(0, 0.5), (0.5, 0.8), (0.8, 0.9), (0.9, 1.01)]:
        band = [r for r in placed if lo <= r['confidence'] < hi]
        print(f'  {lo:.1f}-{min(hi, 1):.1f}: {sum(right(r, "model") for r in band)} / {len(band)}')
    for bar in (0.5, 0.8, 0.9):
        # The pipeline's cert where it gave one, else this model's at `bar` or more.
        total = sum(right(r, 'pipeline') if r['pipeline'] else (r.get('model') == r['cert'] and r.get('confidence', 0) >= bar)
                    for r in rows)
        wrong = sum(1 for r in rows if not r['pipeline'] and r.get('confidence', 0) >= bar and r.get('model') != r['cert'])
        print(f'pipeline, else this model at >= {bar}: right {total} of {len(rows)}, wrong from the model {wrong}')
    for r in missed:
        print(f"  {r['name']} seed {r['seed']} {r['cert']}: model {r['model'] or '-'} {r['confidence']:.2f}, "
              f"pipeline {r['pipeline'] or '-'}, PP-OCR on the box {r['ppocr'] or '-'}")


if __name__ == '__main__':
    main()
