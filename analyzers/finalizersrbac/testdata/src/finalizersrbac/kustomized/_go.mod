module example.com/kustomized

go 1.26
